namespace NFX.Tests.Caching;

/// <summary>A plain DTO with a private readonly field and no attributes.</summary>
public sealed class Order(int id, string customer)
{
    private readonly int _id = id;

    public int Id => _id;

    public string Customer { get; set; } = customer;

    public List<OrderLine> Lines { get; set; } = [];

    public DateTime Placed { get; set; }
}

/// <summary>A line of an <see cref="Order"/>.</summary>
public sealed record OrderLine(string Sku, int Quantity, decimal Price);

/// <summary>A struct with a nested generic.</summary>
public record struct Reading(double Value, KeyValuePair<string, int[]> Tags);

/// <summary>A recursive type: a field of its own type.</summary>
public sealed class TreeNode
{
    public string Name = "";
    public TreeNode? Parent;
    public List<TreeNode> Children = [];
}

/// <summary>A type with a field Slim skips.</summary>
public sealed class WithSkipped
{
    public int Kept;
    [NonSerialized]
    public int Skipped;
}

/// <summary>A fixed layout whose canonical text is pinned by a test (the algorithm must never drift).</summary>
public sealed class PinnedLayout
{
    public int Count;
    public string? Name;
    public List<PinnedLayout>? Items;
    public DayOfWeek Day;
    public long[,]? Grid;
    public int? Maybe;
}

/// <summary>Not reachable from any probe type: the policy refuses it inside an Envelope.</summary>
public sealed class Outsider
{
    public string Secret = "s";
}

/// <summary>A user type over a framework base type: the base counts by name, not by its private fields.</summary>
public sealed class CodedError(int code) : InvalidOperationException("coded")
{
    public int Code = code;
}
