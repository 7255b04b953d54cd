namespace NFX.Tests.Perf;

/// <summary>Methods of every shape a start-up list names, for <see cref="StartupProfileTests"/> (never called).</summary>
public static class StartupFixtures
{
    /// <summary>An int enum.</summary>
    public enum Wide { A }

    /// <summary>A byte enum.</summary>
    public enum Small : byte { A }

    /// <summary>Plain methods, overloads, enums, arrays, spans, pointers and generic methods.</summary>
    public sealed class Plain
    {
        private static readonly object s_lock = new();

        /// <summary>Overload of int.</summary>
        public static int Overload(int value) => value + (s_lock is null ? 1 : 0);

        /// <summary>Overload of string.</summary>
        public static int Overload(string value) => value.Length;

        /// <summary>Overload with a byref, an array and a nullable.</summary>
        public static int Overload(long a, ref int b, double[] c, uint? d) => (int)a + b + c.Length + (int)(d ?? 0);

        /// <summary>Enums: their underlying primitive at the top of a parameter, their name inside an array or instantiation.</summary>
        public static int WithEnums(Wide wide, Small small, Small[] smalls, List<Small> list) => (int)wide + (int)small + smalls.Length + list.Count;

        /// <summary>Spans, a multi-dimensional array and a pointer.</summary>
        public static unsafe int Span(ReadOnlySpan<byte> bytes, Span<char> chars, string[,] grid, int* pointer) =>
            bytes.Length + chars.Length + grid.Length + *pointer;

        /// <summary>A generic method.</summary>
        public static int Generic<T>(T value, List<T> list) => list.Count + (value is null ? 0 : 1);
    }

    /// <summary>A generic class with a nested class and a generic method.</summary>
    public sealed class Box<T>
    {
        /// <summary>A method of the generic type.</summary>
        public T Get(T value, int index) => index == 0 ? value : value;

        /// <summary>A generic method of the generic type.</summary>
        public int Pair<TOther>(T first, TOther second) => (first is null ? 0 : 1) + (second is null ? 0 : 1);

        /// <summary>A class nested in the generic type (it takes the type's parameter).</summary>
        public sealed class Inner(T[] values)
        {
            /// <summary>The values.</summary>
            public T[] Values { get; } = values;
        }
    }

    /// <summary>A generic struct.</summary>
    public struct Cell<T>
    {
        /// <summary>The value.</summary>
        public T Value;

        /// <summary>Reads through a byref.</summary>
        public static T Read(ref Cell<T> cell) => cell.Value;
    }
}
