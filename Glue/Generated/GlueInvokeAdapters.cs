using System.ComponentModel;

namespace NFX.Glue.Generated;

/// <summary>
/// Turns the shapes a contract method returns into the <c>ValueTask&lt;object?&gt;</c> of a
/// <see cref="GlueMethodInvoker"/>, without a state machine when the call is already done. Used by the server dispatch
/// Glue generates (at build time or at run time); not meant to be used directly.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class GlueInvokeAdapters
{
    /// <summary>Adapts a <see cref="Task"/>: its completion, no value.</summary>
    public static ValueTask<object?> FromTask(Task task) =>
        task is null ? throw NullTask() : task.IsCompletedSuccessfully ? default : AwaitTask(task);

    /// <summary>Adapts a <see cref="ValueTask"/>: its completion, no value.</summary>
    public static ValueTask<object?> FromValueTask(ValueTask task) =>
        task.IsCompletedSuccessfully ? default : AwaitValueTask(task);

    /// <summary>Adapts a <see cref="Task{TResult}"/>: its result.</summary>
    public static ValueTask<object?> FromTaskOf<T>(Task<T> task) =>
        task is null ? throw NullTask() : task.IsCompletedSuccessfully ? new ValueTask<object?>(task.Result) : AwaitTaskOf(task);

    /// <summary>Adapts a <see cref="ValueTask{TResult}"/>: its result.</summary>
    public static ValueTask<object?> FromValueTaskOf<T>(ValueTask<T> task) =>
        task.IsCompletedSuccessfully ? new ValueTask<object?>(task.Result) : AwaitValueTaskOf(task);

    /// <summary>Adapts a result stream: the call runs on while the server sends its items.</summary>
    public static ValueTask<object?> FromStream<T>(IAsyncEnumerable<T> items) =>
        items is null ? throw new InvalidOperationException("The implementation returned a null IAsyncEnumerable.")
            : new ValueTask<object?>(new Server.Streaming.DownloadSource<T>(items));

    private static async ValueTask<object?> AwaitTask(Task task)
    {
        await task.ConfigureAwait(false);
        return null;
    }

    private static async ValueTask<object?> AwaitValueTask(ValueTask task)
    {
        await task.ConfigureAwait(false);
        return null;
    }

    private static async ValueTask<object?> AwaitTaskOf<T>(Task<T> task) => await task.ConfigureAwait(false);

    private static async ValueTask<object?> AwaitValueTaskOf<T>(ValueTask<T> task) => await task.ConfigureAwait(false);

    private static InvalidOperationException NullTask() => new("The implementation returned a null Task.");
}
