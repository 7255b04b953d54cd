namespace NFX.Tests.Generators.Glue;

/// <summary>The contracts the Glue generator runs over in these tests.</summary>
internal static class GlueContractSource
{
    /// <summary>
    /// A contract with every shape: Task, Task&lt;T&gt;, ValueTask&lt;T&gt; with a token, one-way, a result stream, an upload,
    /// a duplex call, nine parameters (a nested pack), overloads, a keyword-named method, nullable and array types, a
    /// generic DTO, a type nested in a generic one, tuples, dynamic, and a method inherited from a base interface.
    /// </summary>
    public const string Shop = """
        using System.Collections.Generic;
        using System.Threading;
        using System.Threading.Tasks;
        using NFX.Glue;

        namespace Shop;

        public sealed class Item { public string Sku = ""; public decimal Price; }
        public sealed class Page<T> { public List<T> Rows = []; }
        public sealed class Box<T> { public sealed class Inner { public T? Value; } }

        public interface IAudited
        {
            Task<int> AuditCount();
        }

        [Glued]
        public interface IInventory : IAudited
        {
            Task<Item?> Find(string sku);
            Task<Page<Item>> All(int? limit);
            ValueTask<int> Reserve(string sku, int quantity, CancellationToken ct);
            [OneWay] void Log(string message);
            IAsyncEnumerable<Item> Scan(string prefix, CancellationToken ct);
            Task<int> Import(IAsyncEnumerable<Item> items);
            IAsyncEnumerable<int> Double(IAsyncEnumerable<int> values, int factor);
            Task Touch(Item[] items, int[,] grid);
            Task<long> Nine(int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, long a9);
            ValueTask @event(string name);
            ValueTask @event(int id);
            Task<(int Id, string Name)> Odd(Box<int>.Inner inner, (int Id, string Name) pair, dynamic anything, byte[][] jagged);
        }

        public static class Use
        {
            public static IInventory Proxy(GlueClient client) => client.GetProxy<IInventory>();
        }
        """;
}
