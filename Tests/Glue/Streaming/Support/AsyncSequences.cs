namespace NFX.Tests.GlueStreaming.Support;

/// <summary>The async sequences the streaming tests upload.</summary>
internal static class AsyncSequences
{
    /// <summary>0 .. <paramref name="count"/> - 1.</summary>
    public static async IAsyncEnumerable<int> Numbers(int count)
    {
        for (int i = 0; i < count; i++)
        {
            yield return i;
        }
        await Task.CompletedTask;
    }
}
