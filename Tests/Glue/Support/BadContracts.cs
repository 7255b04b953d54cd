using NFX.Glue;

namespace NFX.Tests.Glue.Support;

// Invalid contracts, one rule broken by each; ContractValidationTests checks that each is refused by name.

[Glued]
public interface IBadGeneric
{
    Task<T> Get<T>();
}

[Glued]
public interface IBadRef
{
    Task Swap(ref int value);
}

[Glued]
public interface IBadOut
{
    Task Try(out int value);
}

[Glued]
public interface IBadIn
{
    Task Read(in int value);
}

[Glued]
public interface IBadVoid
{
    void Forget(string message);
}

[Glued]
public interface IBadOneWayTask
{
    [OneWay]
    Task Fire();
}

[Glued]
public interface IBadReturn
{
    int Now();
}

[Glued]
public interface IBadProperty
{
    Task<int> Get();

    int Count { get; }
}

[Glued]
public interface IBadTokenPosition
{
    Task Run(CancellationToken cancellationToken, int value);
}

public interface IBadNotGlued
{
    Task Run();
}

[Glued]
internal interface IBadInternal
{
    Task Run();
}

[Glued]
public interface IBadBase
{
    Task Run(int value);
}

[Glued]
public interface IBadDuplicateFromBase : IBadBase
{
    new Task Run(int value);
}

[Glued]
public interface IOverloadsAndBase : IGreeterBase
{
    Task<int> Zeta(int a);

    Task<int> Alpha(string a);

    Task<int> Alpha(int a);

    [OneWay]
    void Beta(List<int> values);

    ValueTask Gamma(Dictionary<string, int[]> map, CancellationToken cancellationToken);
}

public interface IGreeterBase
{
    Task<string> Base(int[,] grid);
}
