using NFX.Glue;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>The contract of the cluster tests: tells which node answered, can be held on the server, can fail.</summary>
[Glued]
public interface INodeProbe
{
    /// <summary>The answering node's number.</summary>
    Task<int> Whoami();

    /// <summary>a + b, tagged with the node: node * 1,000,000 + a + b.</summary>
    ValueTask<int> Add(int a, int b);

    /// <summary>Waits until the node's gate opens (or the token fires), then answers the node's number.</summary>
    Task<int> Hold(CancellationToken cancellationToken);

    Task Fail(string message);
}
