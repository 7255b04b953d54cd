namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The receiving side of a stream's flow control: grants the sender a window of items, counts what arrives against
/// it (an item beyond the credits granted is a protocol error) and grants again as the consumer takes items, half a
/// window at a time, so the sender rarely waits while the buffer never holds more than one window.
/// </summary>
internal sealed class StreamWindow
{
    private readonly int _window;
    private readonly int _regrantAt;
    private int _outstanding;
    private int _consumed;

    public StreamWindow(int window)
    {
        _window = window;
        _regrantAt = Math.Max(1, window / 2);
    }

    /// <summary>The first grant, sent when the stream opens.</summary>
    public uint Open()
    {
        Interlocked.Add(ref _outstanding, _window);
        return (uint)_window;
    }

    /// <summary>Counts arriving items (reader loop); false when the sender had not that many credits left.</summary>
    public bool Receive(int count) => Interlocked.Add(ref _outstanding, -count) >= 0;

    /// <summary>Counts an item the consumer took (one consumer at a time); returns the credits to grant now, or 0.</summary>
    public uint Consume()
    {
        if (++_consumed < _regrantAt)
        {
            return 0;
        }
        uint grant = (uint)_consumed;
        _consumed = 0;
        Interlocked.Add(ref _outstanding, (int)grant);
        return grant;
    }
}
