namespace NFX.Glue.Transport.Streaming;

/// <summary>
/// The producing end of a stream, as the writer loop sees it through a queued StreamItem frame: whether the stream
/// still wants its items sent, and where to report an item that could not be sent.
/// </summary>
internal interface IStreamSender
{
    /// <summary>False once the stream has ended on this end: its queued items are dropped unsent.</summary>
    bool IsLive { get; }

    /// <summary>The method of the stream's call, for error messages.</summary>
    string MethodName { get; }

    /// <summary>An item could not be serialized or was over the size limit: the stream fails (writer loop; must not block).</summary>
    void OnItemFailed(GlueException error);
}
