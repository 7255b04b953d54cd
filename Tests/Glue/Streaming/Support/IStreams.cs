using NFX.Glue;

namespace NFX.Tests.GlueStreaming.Support;

/// <summary>Every streaming shape: result streams, uploads, both, with and without tokens.</summary>
[Glued]
public interface IStreams
{
    /// <summary>0..count-1.</summary>
    IAsyncEnumerable<int> Range(int count, CancellationToken cancellationToken);

    /// <summary>Rows of a small record.</summary>
    IAsyncEnumerable<StreamRow> Rows(int count);

    /// <summary>Yields <paramref name="before"/> items, then throws InvalidOperationException(<paramref name="message"/>).</summary>
    IAsyncEnumerable<int> FailAfter(int before, string message);

    /// <summary>Yields without end (counting into the service), until canceled.</summary>
    IAsyncEnumerable<int> Endless(CancellationToken cancellationToken);

    /// <summary>One item, then waits for <paramref name="milliseconds"/> before each next one.</summary>
    IAsyncEnumerable<int> Slow(int milliseconds, CancellationToken cancellationToken);

    /// <summary>Yields one item, then throws OperationCanceledException of its own (no client cancellation).</summary>
    IAsyncEnumerable<int> GiveUp();

    /// <summary>The sum of the uploaded items.</summary>
    Task<long> Sum(IAsyncEnumerable<int> values);

    /// <summary>Counts the uploaded rows whose name starts with <paramref name="prefix"/>.</summary>
    ValueTask<int> CountNamed(string prefix, IAsyncEnumerable<StreamRow> rows, CancellationToken cancellationToken);

    /// <summary>Reads <paramref name="take"/> items of the upload, then answers without reading the rest.</summary>
    Task<int> TakeFew(int take, IAsyncEnumerable<int> values);

    /// <summary>Reads nothing until canceled.</summary>
    Task Ignore(IAsyncEnumerable<int> values, CancellationToken cancellationToken);

    /// <summary>Each uploaded item times <paramref name="factor"/>, streamed back as it arrives.</summary>
    IAsyncEnumerable<int> Scale(IAsyncEnumerable<int> values, int factor);

    /// <summary>An ordinary call on the same contract.</summary>
    Task<int> Add(int a, int b);

    /// <summary><paramref name="pages"/> pages of <paramref name="size"/> rows each: items that are arrays themselves.</summary>
    IAsyncEnumerable<StreamRow[]> Pages(int pages, int size);
}

/// <summary>A small row: a few fields of common types.</summary>
public sealed class StreamRow
{
    public int Id { get; set; }

    public string Name { get; set; } = string.Empty;

    public double Price { get; set; }

    public DateTime When { get; set; }
}
