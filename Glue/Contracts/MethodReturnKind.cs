namespace NFX.Glue.Contracts;

/// <summary>The shapes a contract method may return.</summary>
internal enum MethodReturnKind
{
    /// <summary><c>void</c> marked <see cref="OneWayAttribute"/>: no response.</summary>
    OneWay,

    /// <summary><see cref="System.Threading.Tasks.Task"/>.</summary>
    Task,

    /// <summary><see cref="Task{TResult}"/>.</summary>
    TaskOfT,

    /// <summary><see cref="System.Threading.Tasks.ValueTask"/>.</summary>
    ValueTask,

    /// <summary><see cref="ValueTask{TResult}"/>.</summary>
    ValueTaskOfT,

    /// <summary><see cref="IAsyncEnumerable{T}"/>: the server streams items (a server-streaming call).</summary>
    Stream,
}
