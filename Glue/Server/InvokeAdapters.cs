namespace NFX.Glue.Server;

/// <summary>Turns the four awaitable shapes into ValueTask&lt;object?&gt;, without a state machine when already done.</summary>
internal static class InvokeAdapters
{
    public static ValueTask<object?> FromTask(Task task) =>
        task is null ? throw NullTask() : task.IsCompletedSuccessfully ? default : AwaitTask(task);

    public static ValueTask<object?> FromValueTask(ValueTask task) =>
        task.IsCompletedSuccessfully ? default : AwaitValueTask(task);

    public static ValueTask<object?> FromTaskOf<T>(Task<T> task) =>
        task is null ? throw NullTask() : task.IsCompletedSuccessfully ? new ValueTask<object?>(task.Result) : AwaitTaskOf(task);

    public static ValueTask<object?> FromValueTaskOf<T>(ValueTask<T> task) =>
        task.IsCompletedSuccessfully ? new ValueTask<object?>(task.Result) : AwaitValueTaskOf(task);

    /// <summary>A result stream: the call runs on while <see cref="Streaming.DownloadSource"/> sends its items.</summary>
    public static ValueTask<object?> FromStream<T>(IAsyncEnumerable<T> items) =>
        items is null ? throw new InvalidOperationException("The implementation returned a null IAsyncEnumerable.")
            : new ValueTask<object?>(new Streaming.DownloadSource<T>(items));

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
