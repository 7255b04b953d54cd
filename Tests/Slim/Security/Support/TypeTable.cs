using NFX.IO;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security.Support;

/// <summary>
/// Writes type handles and new type entries (docs/FORMAT.md, "Type handles") while keeping the registry count as the
/// reader will: a new entry is written at the current count and takes its index once complete, after the new entries
/// of its parts, so the handle of a nested whole is only known when its parts are written.
/// </summary>
public sealed class TypeTable(SlimWriter writer, uint count = BuiltInCount)
{
    public SlimWriter Writer { get; } = writer;

    /// <summary>The registry count the reader has at this point.</summary>
    public uint Count { get; private set; } = count;

    /// <summary>An existing handle: writes it and returns it.</summary>
    public uint Existing(uint handle)
    {
        Writer.WriteVarUInt32(handle);
        return handle;
    }

    /// <summary>
    /// A new entry: the current count, then <paramref name="entry"/> (kind byte and data, with the new entries of its
    /// parts), then <paramref name="layout"/>: the entry is registered before its layout is read, so a member may name it.
    /// Returns the handle the entry takes.
    /// </summary>
    public uint New(Action entry, Action? layout = null)
    {
        Writer.WriteVarUInt32(Count);
        entry();
        uint handle = Count++;
        layout?.Invoke();
        return handle;
    }

    /// <summary>A new named entry (no layout unless <paramref name="layoutKind"/> adds one and <paramref name="layout"/> writes it).</summary>
    public uint Named(string fullName, string assembly, byte layoutKind = 0, Action? layout = null) => New(() =>
    {
        Writer.WriteByte((byte)(EntryNamed | layoutKind));
        Writer.WriteString(fullName);
        Writer.WriteString(assembly);
    }, layout);

    /// <summary>A new named entry for a loaded type, with the fingerprint an honest writer sends when the type has a layout.</summary>
    public uint Named(Type type)
    {
        string assembly = type.Assembly.GetName().Name!;
        uint? fingerprint = Fingerprint(type.FullName!, assembly);
        return fingerprint is uint value
            ? Named(type.FullName!, assembly, EntryFingerprint, () => Writer.WriteFixed32(value))
            : Named(type.FullName!, assembly);
    }

    /// <summary>A new generic entry: the definition, then each argument written by its function (an existing handle or a new entry).</summary>
    public uint Generic(uint definition, params Func<uint>[] arguments) => GenericWithLayout(() => Existing(definition), 0, null, arguments);

    /// <summary>A new generic entry with a layout flag in its kind byte, the layout written by <paramref name="layout"/>.</summary>
    public uint GenericWithLayout(Func<uint> definition, byte layoutKind, Action? layout, params Func<uint>[] arguments) => New(() =>
    {
        Writer.WriteByte((byte)(EntryGeneric | layoutKind));
        definition();
        Writer.WriteVarUInt32((uint)arguments.Length);
        foreach (Func<uint> argument in arguments)
        {
            argument();
        }
    }, layout);

    /// <summary>A new array entry.</summary>
    public uint Array(byte rank, Func<uint> element) => New(() =>
    {
        Writer.WriteByte(EntryArray);
        Writer.WriteByte(rank);
        element();
    });

    /// <summary>
    /// <c>D0 = leaf</c>, <c>Dk = G&lt;Dk-1, ..., Dk-1&gt;</c> (<paramref name="arity"/> arguments, the first a new entry, the
    /// others its handle): <paramref name="levels"/> entries whose expansion as a tree has arity^levels leaves. Returns
    /// the top's handle.
    /// </summary>
    public uint Shared(uint definition, int arity, int levels, Func<uint> leaf)
    {
        if (levels == 0)
        {
            return leaf();
        }
        return New(() =>
        {
            Writer.WriteByte(EntryGeneric);
            Writer.WriteVarUInt32(definition);
            Writer.WriteVarUInt32((uint)arity);
            uint inner = Shared(definition, arity, levels - 1, leaf);
            for (int i = 1; i < arity; i++)
            {
                Writer.WriteVarUInt32(inner);
            }
        });
    }

    /// <summary>A version-tolerant member list (docs/FORMAT.md, "Layouts"): the count, then each name and wire type handle.</summary>
    public Action MemberList(IReadOnlyList<(string Name, Func<uint> Type)> members) => () =>
    {
        Writer.WriteVarUInt32((uint)members.Count);
        foreach ((string name, Func<uint> type) in members)
        {
            Writer.WriteString(name);
            type();
        }
    };
}
