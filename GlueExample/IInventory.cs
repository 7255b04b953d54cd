namespace NFX.Glue.Example;

/// <summary>The contract both nodes share: in a real system it lives in a small assembly both reference.</summary>
[Glued]
public interface IInventory
{
    /// <summary>The item with this SKU, or null.</summary>
    Task<Item?> Find(string sku);

    /// <summary>Every item, as one list of objects.</summary>
    Task<List<Item>> All();

    /// <summary>Takes <paramref name="quantity"/> out of stock; throws when there is not enough.</summary>
    ValueTask<int> Reserve(string sku, int quantity, CancellationToken cancellationToken);

    /// <summary>Fire-and-forget: the client does not wait.</summary>
    [OneWay]
    void Log(string message);
}
