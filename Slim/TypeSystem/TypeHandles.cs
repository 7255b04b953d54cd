using System.Runtime.CompilerServices;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// The type handle of an object read straight from its header word, the runtime's method table pointer, which is
/// what <see cref="RuntimeTypeHandle.Value"/> holds for every type an object can have (classes, arrays, strings).
/// <see cref="Type.GetTypeHandle"/> returns the same through <see cref="object.GetType"/>, a call that shows in a clone's
/// profile (docs/perf/notes.md). The writer and the clone use it to recognize an object of exactly a slot's declared
/// type without fetching its Type.
/// </summary>
internal static class TypeHandles
{
    /// <summary>The method table of <paramref name="value"/>, comparable with <c>typeof(T).TypeHandle.Value</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static nint Of(object value) =>
        // An object reference points at its method table pointer; its first field (here any field) sits one word later.
        // Read through a tracked reference into the object, so a collection that moves the object cannot break it.
        Unsafe.Add(ref Unsafe.As<byte, nint>(ref Unsafe.As<RawData>(value).Data), -1);

    private sealed class RawData
    {
        public byte Data;
    }
}
