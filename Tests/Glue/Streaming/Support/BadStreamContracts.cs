using NFX.Glue;

namespace NFX.Tests.GlueStreaming.Support;

[Glued]
public interface IBadTwoUploads
{
    Task Merge(IAsyncEnumerable<int> left, IAsyncEnumerable<int> right);
}

[Glued]
public interface IBadOneWayUpload
{
    [OneWay]
    void Push(IAsyncEnumerable<int> values);
}
