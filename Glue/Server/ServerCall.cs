using System.Diagnostics;
using NFX.Glue.Contracts;
using NFX.Glue.Protocol;
using NFX.Glue.Server.Streaming;
using NFX.Glue.Telemetry;
using NFX.Glue.Transport;

namespace NFX.Glue.Server;

/// <summary>
/// One call being run on the server, queued to the thread pool so the reader loop never runs user code. It gets
/// an instance, invokes the compiled method, queues the Result or Error frame and releases its slot. Recycled by its
/// connection once the call has ended (nothing refers to it then: it has left the cancellable table).
/// </summary>
internal sealed class ServerCall : IThreadPoolWorkItem
{
    private readonly ServerConnection _connection;
    private HostedContract _contract = null!;
    private MethodDescriptor _method = null!;
    private object? _args;
    private CancellationTokenSource? _cancellation;
    private ActivityContext _parent;
    private volatile bool _canceledByClient;
    private ServerUpload? _upload;
    private ServerDownload? _download;

    public ServerCall(ServerConnection connection) => _connection = connection;

    /// <summary>The caller's id (0 for a one-way call).</summary>
    public int CallId { get; private set; }

    /// <summary>The method called.</summary>
    public MethodDescriptor Method => _method;

    /// <summary>The stream the client uploads to this call (null: none).</summary>
    public ServerUpload? Upload => _upload;

    /// <summary>The call's result stream (null: not a server-streaming call).</summary>
    public ServerDownload? Download => _download;

    /// <summary>Sets the call up (a new or recycled object).</summary>
    public ServerCall Init(HostedContract contract, MethodDescriptor method, int callId, object? args,
        CancellationTokenSource? cancellation, in ActivityContext parent, ServerUpload? upload = null, ServerDownload? download = null)
    {
        _upload = upload;
        _download = download;
        _contract = contract;
        _method = method;
        CallId = callId;
        _args = args;
        _cancellation = cancellation;
        _parent = parent;
        _canceledByClient = false;
        return this;
    }

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
        GlueMetrics metrics = _connection.Metrics;
        long start = metrics.CallsObserved ? Stopwatch.GetTimestamp() : 0;
        // Current for the implementation's code: its own activities become children of the call's span.
        Activity? span = GlueTelemetry.Source.HasListeners() ? StartSpan() : null;
        try
        {
            instance = _contract.Provider.Acquire(out scope);
            CancellationToken token = _cancellation?.Token ?? _connection.ClosingToken;
            result = await _contract.Invokers[_method.Id](instance, _args, _upload, token).ConfigureAwait(false);
            if (result is DownloadSource items)
            {
                // The call lasts as long as its stream: the instance is released after the last item.
                result = null;
                await items.RunAsync(_download!, token).ConfigureAwait(false);
            }
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

        if (span is not null)
        {
            if (failure is not null)
            {
                span.SetStatus(ActivityStatusCode.Error, failure.Message);
                span.SetTag("error.type", failure.GetType().FullName);
            }
            span.Stop();
        }
        if (start != 0 || metrics.CallsObserved)
        {
            metrics.RecordCall(GlueSide.Server, _method, start, failure);
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
            if (_method.IsServerStream)
            {
                _connection.EnqueueStreamEnd(CallId);
            }
            else
            {
                _connection.EnqueueResult(CallId, result, _method.ResultType is not null);
            }
        }
        else
        {
            ErrorMessage error = _download?.Failure is GlueException notSent
                ? new ErrorMessage(notSent is GlueMessageTooLargeException ? ErrorKind.MessageTooLarge : ErrorKind.Serialization,
                    notSent.GetType().FullName!, notSent.Message, null, null)
                : failure is OperationCanceledException && _cancellation is { IsCancellationRequested: true } && !_canceledByClient
                ? new ErrorMessage(ErrorKind.DeadlineExceeded, failure.GetType().FullName!, failure.Message, null, null)
                : _connection.DescribeError(failure, instance is not null);
            _connection.EnqueueError(CallId, error);
        }
        _connection.EndCall(this, answerQueued: !_method.IsOneWay);
        _args = null;
        _upload = null;
        _download = null;
        _cancellation = null;
        _parent = default;
        _connection.ReturnCall(this);
    }

    /// <summary>A server span whose parent is the caller's span when the call carried a trace context.</summary>
    private Activity? StartSpan()
    {
        Activity? span = GlueTelemetry.Source.StartActivity(_method.SpanName, ActivityKind.Server, _parent);
        if (span is { IsAllDataRequested: true })
        {
            span.SetTag("rpc.system", "glue");
            span.SetTag("rpc.service", _method.Contract.Name);
            span.SetTag("rpc.method", _method.Method.Name);
        }
        return span;
    }
}
