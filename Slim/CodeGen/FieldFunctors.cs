using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The write, read and clone of a list of a class's fields (all of an ordinary class's; those a subclass adds below an
/// exception or a collection), each field checked once. Write and read are compiled at once; the clone on the first
/// deep clone that needs it (<see cref="LazyCloneFunctor{TDelegate}"/>).
/// </summary>
[RequiresDynamicCode("Compiles the write, read and clone of fields from expression trees.")]
[RequiresUnreferencedCode("Reads and writes the fields reflection found on the type; the trimmer may have removed some.")]
internal sealed class FieldFunctors
{
    /// <summary>
    /// The functors of <paramref name="fields"/> of <paramref name="type"/>; with <paramref name="plainFieldsCopied"/>, the
    /// clone leaves out the fields that are their own clones (an ordinary class's shallow copy already holds them).
    /// </summary>
    public FieldFunctors(Type type, FieldInfo[] fields, ValueExpressions values, bool plainFieldsCopied)
    {
        foreach (FieldInfo field in fields)
        {
            ValueExpressions.CheckField(field, type.Name);
        }
        Write = ObjectCodec.BuildWrite(type, fields, values).Compile();
        Read = ObjectCodec.BuildRead(type, fields, values).Compile();
        Clone = LazyClone(type, fields, values, plainFieldsCopied);
    }

    /// <summary>The clone of <paramref name="fields"/>, compiled on first use (see the constructor).</summary>
    public static LazyCloneFunctor<Action<object, object, CloneSession>> LazyClone(Type type, FieldInfo[] fields, ValueExpressions values,
        bool plainFieldsCopied) =>
        new(() => FieldClone.Fields(type, fields, values, plainFieldsCopied).Compile());

    public Action<SlimWriter, object, WriteSession> Write { get; }

    public Action<SlimReader, object, ReadSession> Read { get; }

    public LazyCloneFunctor<Action<object, object, CloneSession>> Clone { get; }
}
