using System.Diagnostics;
using Akka.Actor;

namespace NFX.Perf.Akka;

/// <summary>
/// Sends <c>total</c> copies of one message to the echo actor with at most <c>window</c> in flight (replies come back in
/// order over one association, so a queue of send times gives each round trip), then completes with the round trips.
/// </summary>
public sealed class PingClient : UntypedActor
{
    private readonly IActorRef _echo;
    private readonly object _message;
    private readonly int _total;
    private readonly int _window;
    private readonly TaskCompletionSource<long[]> _done;
    private readonly Queue<long> _sent = new();
    private readonly long[] _roundTrips;
    private int _sentCount;
    private int _received;

    public PingClient(IActorRef echo, object message, int total, int window, TaskCompletionSource<long[]> done)
    {
        (_echo, _message, _total, _window, _done) = (echo, message, total, window, done);
        _roundTrips = new long[total];
    }

    protected override void PreStart()
    {
        for (int i = 0; i < Math.Min(_window, _total); i++)
        {
            Send();
        }
    }

    private void Send()
    {
        _sent.Enqueue(Stopwatch.GetTimestamp());
        _sentCount++;
        _echo.Tell(_message);
    }

    protected override void OnReceive(object message)
    {
        _roundTrips[_received++] = Stopwatch.GetTimestamp() - _sent.Dequeue();
        if (_sentCount < _total)
        {
            Send();
        }
        else if (_received == _total)
        {
            _done.TrySetResult(_roundTrips);
            Context.Stop(Self);
        }
    }
}
