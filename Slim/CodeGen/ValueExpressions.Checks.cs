using System.Reflection;

namespace NFX.Slim.CodeGen;

// Validation: what no format can carry is refused where the generated code meets it, naming the member.
internal sealed partial class ValueExpressions
{
    private static readonly MethodInfo s_checkDelegate = ((Action<object?, string>)CheckNoDelegate).Method;

    /// <summary>Refuses fields no format can carry, naming the field.</summary>
    public static void CheckField(FieldInfo field, string path)
    {
        Type type = field.FieldType;
        if (type.IsPointer || type.IsFunctionPointer || type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            SlimThrow.Unsupported(path + "." + field.Name, "pointers and native handles cannot be serialized");
        }
        if (type.IsByRefLike)
        {
            SlimThrow.Unsupported(path + "." + field.Name, "ref structs cannot be serialized");
        }
    }

    private static void CheckStruct(Type type, string path, int depth)
    {
        if (depth > MaxStructNesting)
        {
            SlimThrow.Unsupported(path, $"structs nested more than {MaxStructNesting} levels deep");
        }
        if (type.IsByRefLike)
        {
            SlimThrow.Unsupported(path, "ref structs cannot be serialized");
        }
        if (type.IsDefined(typeof(SlimNotSerializableAttribute), inherit: false))
        {
            SlimThrow.Unsupported(path, $"type '{type.Name}' is marked [SlimNotSerializable]");
        }
    }

    private static void CheckNoDelegate(object? value, string path)
    {
        if (value is not null)
        {
            SlimThrow.Unsupported(path, CodecCache.DelegateAdvice);
        }
    }
}
