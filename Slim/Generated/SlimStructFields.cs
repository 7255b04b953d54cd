using System.ComponentModel;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Codecs;
using NFX.Slim.Session;

namespace NFX.Slim.Generated;

/// <summary>A reference to one field of a struct: what a generated <c>UnsafeAccessor</c> returns (not for callers).</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate ref TField SlimStructField<TStruct, TField>(ref TStruct owner) where TStruct : struct;

/// <summary>
/// The fields of a struct Slim writes field by field, in Slim's field order, as generated code describes them
/// (<see cref="SlimGeneratedCodecs.RegisterStruct{T}"/>): each field is written, read and cloned as an element of its
/// type, which are the bytes of the struct writer compiled at run time (it writes each field as it writes an element).
/// Used where nothing is compiled at run time, for a struct in a collection, an array, a box or an argument pack.
/// Not for callers: the generator writes the calls.
/// </summary>
/// <typeparam name="T">The struct.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class SlimStructFields<T> where T : struct
{
    private delegate void WriteField(SlimWriter writer, ref T value, WriteSession session);
    private delegate void ReadField(SlimReader reader, ref T value, ReadSession session);
    private delegate void CloneField(ref T source, ref T target, CloneSession session);

    private readonly ValueExpressions _values;
    private readonly string _path;
    private readonly List<string> _names = [];
    private readonly List<WriteField> _writes = [];
    private readonly List<ReadField> _reads = [];
    private readonly List<CloneField> _clones = [];

    internal SlimStructFields(ValueExpressions values, string path)
    {
        _values = values;
        _path = path;
    }

    /// <summary>Adds the next field: its name in the type's metadata and the accessor of its storage.</summary>
    public SlimStructFields<T> Field<TField>(string name, SlimStructField<T, TField> access)
    {
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(access);
        string path = _path + "." + name;
        if (!StaticElement<TField>.TryCreate(_values, path, out Action<SlimWriter, TField, WriteSession> write,
            out Func<SlimReader, ReadSession, TField> read, out Func<TField, CloneSession, TField> clone))
        {
            string field = RuntimeCodecs.CSharpName(typeof(TField));
            SlimThrow.Unsupported(path, $"a struct Slim writes field by field ({field}) is written inside another struct, where nothing is " +
                $"compiled ({RuntimeCodecs.Reason}), only by the functions the NFX.Slim source generator registers for it, and it registered " +
                $"none: add [assembly: SlimSerializable(typeof({field}))] to the project that defines it; a struct of another assembly or a " +
                "generic struct cannot be described (the generator cannot reach its fields): hold the outer value in a field of a class");
        }
        _names.Add(name);
        _writes.Add((SlimWriter writer, ref T value, WriteSession session) => write(writer, access(ref value), session));
        _reads.Add((SlimReader reader, ref T value, ReadSession session) => access(ref value) = read(reader, session));
        _clones.Add((ref T source, ref T target, CloneSession session) => access(ref target) = clone(access(ref source), session));
        return this;
    }

    /// <summary>
    /// The element functions of the struct, after checking that the fields described are the type's own as this process
    /// sees them (another build of the type is refused rather than written with the wrong fields).
    /// </summary>
    internal StaticFunctions<T> Functions()
    {
        string[] actual = [.. FieldLayout.Of(typeof(T)).Select(f => f.Name)];
        if (!actual.AsSpan().SequenceEqual(_names.ToArray()))
        {
            SlimThrow.Unsupported(_path, $"the generated description of {RuntimeCodecs.CSharpName(typeof(T))} lists the fields " +
                $"[{string.Join(", ", _names)}], but the type in this process has [{string.Join(", ", actual)}]: the app runs another build of " +
                "the type than the one it was compiled against; rebuild the app");
        }
        WriteField[] writes = [.. _writes];
        ReadField[] reads = [.. _reads];
        CloneField[] clones = [.. _clones];
        return new(
            (writer, value, session) =>
            {
                foreach (WriteField write in writes)
                {
                    write(writer, ref value, session);
                }
            },
            (reader, session) =>
            {
                T value = default;
                foreach (ReadField read in reads)
                {
                    read(reader, ref value, session);
                }
                return value;
            },
            (source, session) =>
            {
                T target = source;
                foreach (CloneField clone in clones)
                {
                    clone(ref source, ref target, session);
                }
                return target;
            });
    }
}
