using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace NFX.Slim.CodeGen;

/// <summary>
/// Finds a parameterless constructor that runs no code of its own: its IL only calls the base type's parameterless
/// constructor (itself trivial, down to <see cref="object"/>), so no field initializer, no side effect. Calling it
/// gives exactly the object <see cref="System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject"/> gives
/// (every field default), through the runtime's fast allocation path, which GetUninitializedObject does not take
/// (docs/perf/notes.md).
/// </summary>
[RequiresUnreferencedCode("Reads a constructor's IL, which trimming may change, and resolves its metadata tokens.")]
internal static class TrivialConstructor
{
    private const BindingFlags Instance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
    private const byte Nop = 0x00;
    private const byte LdArg0 = 0x02;
    private const byte Call = 0x28;
    private const byte Ret = 0x2A;
    private const int MaxChain = 16;

    /// <summary>The trivial parameterless constructor of <paramref name="type"/>, or null when it has none.</summary>
    public static ConstructorInfo? Find(Type type)
    {
        if (type.IsAbstract || type.IsValueType || type.IsArray || type.ContainsGenericParameters || type == typeof(object))
        {
            return null;
        }
        ConstructorInfo? constructor = type.GetConstructor(Instance, Type.EmptyTypes);
        return constructor is not null && IsTrivial(constructor, MaxChain) ? constructor : null;
    }

    private static bool IsTrivial(ConstructorInfo constructor, int chain)
    {
        Type? owner = constructor.DeclaringType;
        // A static constructor is left to run when and as the runtime decides: allocating uninitialized is the
        // safe path for such a type (and its derived types).
        if (chain == 0 || owner is null || owner.BaseType is not { } baseType || owner.TypeInitializer is not null)
        {
            return false;
        }
        byte[]? il;
        try
        {
            il = constructor.GetMethodBody()?.GetILAsByteArray();
        }
        catch (Exception e) when (e is InvalidOperationException or NotSupportedException or BadImageFormatException)
        {
            return false;
        }
        // ldarg.0; call <base ctor>; ret - with the nops a debug build adds anywhere between.
        int at = 0;
        if (il is null || !Expect(il, ref at, LdArg0) || !Expect(il, ref at, Call) || at + 4 > il.Length)
        {
            return false;
        }
        int token = BitConverter.ToInt32(il, at);
        at += 4;
        if (!Expect(il, ref at, Ret) || at != il.Length)
        {
            return false;
        }
        MethodBase? callee;
        try
        {
            callee = constructor.Module.ResolveMethod(token, owner.IsGenericType ? owner.GetGenericArguments() : null, null);
        }
        catch (Exception e) when (e is ArgumentException or BadImageFormatException)
        {
            return false;
        }
        if (callee is not ConstructorInfo baseConstructor || baseConstructor.GetParameters().Length != 0 || baseConstructor.DeclaringType != baseType)
        {
            return false;
        }
        return baseType == typeof(object) || IsTrivial(baseConstructor, chain - 1);
    }

    private static bool Expect(byte[] il, ref int at, byte opcode)
    {
        while (at < il.Length && il[at] == Nop)
        {
            at++;
        }
        if (at < il.Length && il[at] == opcode)
        {
            at++;
            return true;
        }
        return false;
    }
}
