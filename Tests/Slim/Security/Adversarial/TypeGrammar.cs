using NFX.IO;
using NFX.Tests.Security.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// A type as a payload spells it (docs/FORMAT.md, "Type handles"): a leaf (a built-in handle, a named entry that is
/// allowed, refused by the policy, deny-listed or unknown), a generic entry over other nodes, an array entry, or a
/// reference back to a node already written (a shared entry, written once and then named by its handle). A node writes
/// its entries through a <see cref="TypeTable"/> and, where it can, a value of itself, so whole messages stay valid.
/// </summary>
public abstract record TypeNode
{
    /// <summary>The handle this node took once written (shared nodes are written once).</summary>
    public uint? Handle { get; set; }

    /// <summary>Writes the node's handle, with its new entries the first time; returns the handle.</summary>
    public uint Write(TypeTable table) => Handle is uint handle ? table.Existing(handle) : (Handle = WriteNew(table)).Value;

    protected abstract uint WriteNew(TypeTable table);

    /// <summary>True when a value of the node can be written (<see cref="WriteValue"/>) and the node names no unknown type.</summary>
    public abstract bool CanWriteValue { get; }

    /// <summary>True for a value type (written in place); false for a reference (written as a handle).</summary>
    public abstract bool IsValueType { get; }

    /// <summary>Writes a value of this type in place (a reference is written as null unless the node says otherwise).</summary>
    public abstract void WriteValue(SlimWriter writer, string token);

    /// <summary>Clears the handles so the node can be written into another message (each shared node once).</summary>
    public void Reset() => Reset(new HashSet<TypeNode>(ReferenceEqualityComparer.Instance));

    /// <summary>Clears this node's handle and, the first time it is met, its parts'.</summary>
    public abstract void Reset(HashSet<TypeNode> done);

    /// <summary>The size of the type as a tree (shared parts counted at every place), saturating: a value is written only for small ones.</summary>
    public abstract long Size { get; }
}

/// <summary>A built-in handle (int, string, object, long, Guid...).</summary>
public sealed record BuiltIn(uint BuiltInHandle, bool Value, Action<SlimWriter> Write0) : TypeNode
{
    protected override uint WriteNew(TypeTable table) => table.Existing(BuiltInHandle);

    public override bool CanWriteValue => true;

    public override bool IsValueType => Value;

    public override void WriteValue(SlimWriter writer, string token)
    {
        if (Value)
        {
            Write0(writer);
        }
        else
        {
            writer.WriteVarUInt32(Null);
        }
    }

    public override void Reset(HashSet<TypeNode> done) => Handle = null;

    public override long Size => 1;
}

/// <summary>A named entry (with the fingerprint an honest writer sends for a type with a layout).</summary>
public sealed record Named(string FullName, string Assembly, bool Value, bool Known = true, Type? Loaded = null) : TypeNode
{
    protected override uint WriteNew(TypeTable table) => Loaded is not null ? table.Named(Loaded) : table.Named(FullName, Assembly);

    public override bool CanWriteValue => Known && (!Value || FullName == "System.ValueTuple");

    public override bool IsValueType => Value;

    public override void WriteValue(SlimWriter writer, string token)
    {
        if (Loaded == typeof(CallbackRecorder))
        {
            // An object of the declared type: created unless the policy stops the member first.
            writer.WriteVarUInt32(NewOfDeclaredType);
            writer.WriteVarUInt32(NewOfDeclaredType);
            writer.WriteString(token);
            writer.WriteInt32(0);
            return;
        }
        if (!Value)
        {
            writer.WriteVarUInt32(Null);
        }
        // an empty struct (ValueTuple) takes no bytes
    }

    public override void Reset(HashSet<TypeNode> done) => Handle = null;

    public override long Size => 1;
}

/// <summary>A generic entry: a built-in definition handle (or a named definition) over argument nodes.</summary>
public sealed record Generic(uint? DefinitionHandle, Named? DefinitionName, TypeNode[] Arguments, GenericKind Kind) : TypeNode
{
    protected override uint WriteNew(TypeTable table) => table.GenericWithLayout(
        () => DefinitionHandle is uint handle ? table.Existing(handle) : DefinitionName!.Write(table), 0, null,
        [.. Arguments.Select(argument => (Func<uint>)(() => argument.Write(table)))]);

    private bool? _canWriteValue;
    private long _size;

    // Remembered: a chain of shared parts would otherwise be walked once per path.
    public override bool CanWriteValue => _canWriteValue ??=
        Arguments.Distinct(ReferenceEqualityComparer.Instance).Cast<TypeNode>().All(a => a.CanWriteValue && (Kind != GenericKind.Nullable || a.IsValueType));

    public override long Size => _size > 0 ? _size : _size = Math.Min(1L << 40, 1 + Arguments.Sum(a => a.Size));

    public override bool IsValueType => Kind is GenericKind.Struct or GenericKind.Nullable;

    public override void WriteValue(SlimWriter writer, string token)
    {
        switch (Kind)
        {
            case GenericKind.Struct:
                foreach (TypeNode argument in Arguments)
                {
                    argument.WriteValue(writer, token);
                }
                break;
            case GenericKind.Nullable:
                writer.WriteBoolean(true);
                Arguments[0].WriteValue(writer, token);
                break;
            default:
                writer.WriteVarUInt32(Null);
                break;
        }
    }

    public override void Reset(HashSet<TypeNode> done)
    {
        Handle = null;
        if (done.Add(this))
        {
            DefinitionName?.Reset(done);
            foreach (TypeNode argument in Arguments)
            {
                argument.Reset(done);
            }
        }
    }
}

/// <summary>How a generic definition's values are written: a class (a reference), a struct of its arguments in order, a nullable.</summary>
public enum GenericKind { Class, Struct, Nullable }

/// <summary>An array entry (rank 0: a vector).</summary>
public sealed record ArrayOf(TypeNode Element, byte Rank) : TypeNode
{
    protected override uint WriteNew(TypeTable table) => table.Array(Rank, () => Element.Write(table));

    public override bool CanWriteValue => Element.CanWriteValue;

    public override bool IsValueType => false;

    public override void WriteValue(SlimWriter writer, string token) => writer.WriteVarUInt32(Null);

    public override void Reset(HashSet<TypeNode> done)
    {
        Handle = null;
        if (done.Add(this))
        {
            Element.Reset(done);
        }
    }

    public override long Size => Math.Min(1L << 40, 1 + Element.Size);
}
