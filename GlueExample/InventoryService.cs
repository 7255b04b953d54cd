using System.Collections.Concurrent;

namespace NFX.Glue.Example;

/// <summary>The server node's implementation: a thread-safe singleton.</summary>
public sealed class InventoryService : IInventory
{
    private readonly ConcurrentDictionary<string, Item> _items = new(StringComparer.Ordinal);

    public InventoryService()
    {
        Add("A-100", "Anvil", 49.90m, 12, "heavy", "iron");
        Add("B-200", "Bellows", 19.50m, 3, "leather");
        Add("C-300", "Chisel", 7.25m, 40, "steel", "small");
    }

    public Task<Item?> Find(string sku) => Task.FromResult(_items.GetValueOrDefault(sku));

    public Task<List<Item>> All() => Task.FromResult(_items.Values.OrderBy(i => i.Sku, StringComparer.Ordinal).ToList());

    public ValueTask<int> Reserve(string sku, int quantity, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        Item item = _items.GetValueOrDefault(sku) ?? throw new KeyNotFoundException($"No item {sku}.");
        lock (item)
        {
            if (item.InStock < quantity)
            {
                throw new InvalidOperationException($"Only {item.InStock} of {sku} left, {quantity} asked.");
            }
            item.InStock -= quantity;
            return new ValueTask<int>(item.InStock);
        }
    }

    public void Log(string message) => Console.WriteLine($"[server] client says: {message}");

    private void Add(string sku, string name, decimal price, int inStock, params string[] tags) =>
        _items[sku] = new Item { Sku = sku, Name = name, Price = price, InStock = inStock, Tags = [.. tags] };
}
