using NFX.Glue;

namespace NFX.Tests.Glue.Support;

/// <summary>A second contract, bound on a connection that is already open.</summary>
[Glued]
public interface IGreeter
{
    Task<string> Greet(string name);
}

/// <summary>A newer client's view of <see cref="IGreeter"/> (same wire name) with a method the server lacks.</summary>
[Glued(Name = "NFX.Tests.Glue.Support.IGreeter")]
public interface IGreeterV2
{
    Task<string> Greet(string name);

    Task<string> Farewell(string name);
}

/// <summary>A contract no test server hosts.</summary>
[Glued]
public interface IUnhosted
{
    Task<int> Nothing();
}

public sealed class Greeter : IGreeter
{
    public Task<string> Greet(string name) => Task.FromResult($"Hello, {name}!");
}
