using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Transport;

namespace NFX.Glue.Server;

/// <summary>
/// One call being run on the server, queued to the thread pool so the reader loop never runs user code. It gets
/// an instance, invokes the compiled method, queues the Result or Error frame and releases its slot.
/// </summary>
internal sealed class ServerCall : IThreadPoolWorkItem
{
    private readonly ServerConnection _connection;
    private readonly HostedContract _contract;
    private readonly MethodDescriptor _method;
    private readonly object? _args;
    private readonly CancellationTokenSource? _cancellation;
    private volatile bool _canceledByClient;

    public ServerCall(ServerConnection connection, HostedContract contract, MethodDescriptor method, int callId, object? args,
        CancellationTokenSource? cancellation)
    {
        _connection = connection;
        _contract = contract;
        _method = method;
        CallId = callId;
        _args = args;
        _cancellation = cancellation;
    }

    /// <summary>The caller's id (0 for a one-way call).</summary>
    public int CallId { get; }

    /// <summary>The call's own token source, when its method takes a CancellationToken (null otherwise).</summary>
    public CancellationTokenSource? Cancellation => _cancellation;

    /// <summary>The client sent Cancel: nobody waits for the answer any more.</summary>
    public void CancelByClient()
    {
        _canceledByClient = true;
        // Callbacks run on the thread pool, not on the reader loop that received the Cancel frame.
        _ = _cancellation?.CancelAsync();
    }

    public void Execute() => _ = RunAsync();

    private async Task RunAsync()
    {
        object? instance = null;
        object? scope = null;
        object? result = null;
        Exception? failure = null;
        try
        {
            instance = _contract.Provider.Acquire(out scope);
            CancellationToken token = _cancellation?.Token ?? _connection.ClosingToken;
            result = await _contract.Invokers[_method.Id](instance, _args, token).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            failure = e;
        }

        // The instance (and its DI scope) is released before the answer is queued: by the time the caller sees the
        // answer, the server is done with everything the call created.
        if (instance is not null)
        {
            try
            {
                await _contract.Provider.ReleaseAsync(instance, scope).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                _connection.ReportUnobservedError(e);
            }
        }

        if (_method.IsOneWay)
        {
            if (failure is not null)
            {
                _connection.ReportUnobservedError(failure);
            }
        }
        else if (failure is null)
        {
            _connection.EnqueueAnswer(FrameType.Result, CallId, result, _method.ResultType is not null, null);
        }
        else
        {
            ErrorMessage error = failure is OperationCanceledException && _cancellation is { IsCancellationRequested: true } && !_canceledByClient
                ? new ErrorMessage(ErrorKind.DeadlineExceeded, failure.GetType().FullName!, failure.Message, null, null)
                : _connection.DescribeError(failure, instance is not null);
            _connection.EnqueueAnswer(FrameType.Error, CallId, null, false, error);
        }
        _connection.EndCall(this, answerQueued: !_method.IsOneWay);
    }
}
