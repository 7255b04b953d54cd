namespace NFX.Glue.Example;

/// <summary>A plain class: no attributes needed for Slim.</summary>
public sealed class Item
{
    public string Sku { get; set; } = string.Empty;

    public string Name { get; set; } = string.Empty;

    public decimal Price { get; set; }

    public int InStock { get; set; }

    public List<string> Tags { get; set; } = new();
}
