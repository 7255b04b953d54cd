using System.Collections.Concurrent;
using Acme.Driver;
using NFX.Tests.Orleans.Model;
using Orleans;
using Orleans.Placement;
using Orleans.Runtime;
using NFX.Tests.Slim.Support;
using NFX.Tests.Orleans;

namespace NFX.Tests.Orleans.Support;

public interface IGraphGrain : IGrainWithIntegerKey
{
    Task<Node> Echo(Node node);

    Task<Holder> EchoHolder(Holder holder);

    Task<Dictionary<string, object>> EchoBag(Dictionary<string, object> bag);

    Task<bool> SameInstance(Node first, Node second);

    Task Throw(string message, int code);

    Task<MixedReply> Mixed(Annotated annotated, Node node);

    Task<string> Accept(Envelope envelope);

    Task<string> CallLocal(Node node);
}

/// <summary>Placed on its caller's silo, so a call to it is a call inside one silo (Orleans copies the arguments).</summary>
public interface ILocalCallee : IGrainWithGuidKey
{
    Task<string> Receive(Guid probe, Node node);
}

public interface IStateGrain : IGrainWithStringKey
{
    Task Store(Node root, int version);

    Task<StateBox> Load();

    Task<Guid> Activation();

    Task Deactivate();
}

public sealed class GraphGrain : Grain, IGraphGrain
{
    /// <summary>What callers passed, by probe: the callee compares what it received with the caller's instance.</summary>
    internal static readonly ConcurrentDictionary<Guid, Node> s_sent = new();

    public Task<Node> Echo(Node node) => Task.FromResult(node);

    public Task<Holder> EchoHolder(Holder holder) => Task.FromResult(holder);

    public Task<Dictionary<string, object>> EchoBag(Dictionary<string, object> bag) => Task.FromResult(bag);

    public Task<bool> SameInstance(Node first, Node second) => Task.FromResult(ReferenceEquals(first, second));

    public Task Throw(string message, int code) =>
        throw new DriverException(message, code, new InvalidOperationException("inner: connection reset")) { Data = { ["sql"] = "select 1" } };

    public Task<MixedReply> Mixed(Annotated annotated, Node node) =>
        Task.FromResult(new MixedReply { Annotated = annotated, Node = node, SameNode = ReferenceEquals(annotated.Node, node) });

    public Task<string> Accept(Envelope envelope) => Task.FromResult(envelope.Label);

    public Task<string> CallLocal(Node node)
    {
        var probe = Guid.NewGuid();
        s_sent[probe] = node;
        return GrainFactory.GetGrain<ILocalCallee>(Guid.NewGuid()).Receive(probe, node);
    }
}

[PreferLocalPlacement]
public sealed class LocalCallee : Grain, ILocalCallee
{
    public Task<string> Receive(Guid probe, Node node)
    {
        Node sent = GraphGrain.s_sent[probe];
        string? difference = GraphAssert.FindDifference(sent, node);
        string verdict = ReferenceEquals(sent, node) ? "same instance" :
            difference is not null ? "graph differs: " + difference :
            ReferenceEquals(node.Next!.Next!.Next!.Next, node) ? "copy" : "cycle lost";
        return Task.FromResult(verdict + " on " + RuntimeIdentity);
    }
}

public sealed class StateGrain([PersistentState("box", ClusterFixture.StorageName)] IPersistentState<StateBox> state) : Grain, IStateGrain
{
    private readonly Guid _activation = Guid.NewGuid();

    public async Task Store(Node root, int version)
    {
        state.State.Root = root;
        state.State.Version = version;
        await state.WriteStateAsync();
    }

    public Task<StateBox> Load() => Task.FromResult(state.State);

    public Task<Guid> Activation() => Task.FromResult(_activation);

    public Task Deactivate()
    {
        DeactivateOnIdle();
        return Task.CompletedTask;
    }
}
