using System.Text;
using NFX.Glue;

namespace NFX.Tests.RetryProbe;

/// <summary>
/// The contract the Glue survival tests attack: an <c>object</c> parameter (the reader takes whatever the default
/// policy admits), a DTO whose field is a <see cref="StringBuilder"/>, a result stream, and a plain call that shows the
/// server still serves.
/// </summary>
[Glued]
public interface IHostileTarget
{
    /// <summary>Answers the argument's type name (null: "null").</summary>
    Task<string> Take(object? value);

    /// <summary>Answers the builder's length.</summary>
    Task<int> TakeText(TextBox box);

    /// <summary>Streams 0..count-1.</summary>
    IAsyncEnumerable<int> Range(int count, CancellationToken cancellationToken);

    /// <summary>Answers a + b.</summary>
    Task<int> Add(int a, int b);
}

/// <summary>A DTO whose field is a <see cref="StringBuilder"/>, so the server's policy admits one through it.</summary>
public sealed class TextBox
{
    /// <summary>The text.</summary>
    public StringBuilder? Text { get; set; }
}

/// <summary>The implementation: touches nothing of its arguments beyond their type and length.</summary>
public sealed class HostileTargetService : IHostileTarget
{
    /// <inheritdoc/>
    public Task<string> Take(object? value) => Task.FromResult(value?.GetType().Name ?? "null");

    /// <inheritdoc/>
    public Task<int> TakeText(TextBox box) => Task.FromResult(box.Text?.Length ?? -1);

    /// <inheritdoc/>
    public async IAsyncEnumerable<int> Range(int count, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 0; i < count; i++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            await Task.Yield();
            yield return i;
        }
    }

    /// <inheritdoc/>
    public Task<int> Add(int a, int b) => Task.FromResult(a + b);
}
