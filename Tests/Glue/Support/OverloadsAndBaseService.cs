using System.Collections.Concurrent;

namespace NFX.Tests.Glue.Support;

/// <summary>Implements a contract that inherits methods from another interface, with collection-typed arguments.</summary>
public sealed class OverloadsAndBaseService : IOverloadsAndBase
{
    public ConcurrentQueue<List<int>> Betas { get; } = new();

    public SemaphoreSlim BetaSignal { get; } = new(0);

    public Dictionary<string, int[]>? LastMap { get; private set; }

    public Task<int> Zeta(int a) => Task.FromResult(-a);

    public Task<int> Alpha(string a) => Task.FromResult(a.Length);

    public Task<int> Alpha(int a) => Task.FromResult(a * 10);

    public void Beta(List<int> values)
    {
        Betas.Enqueue(values);
        BetaSignal.Release();
    }

    public ValueTask Gamma(Dictionary<string, int[]> map, CancellationToken cancellationToken)
    {
        LastMap = map;
        return ValueTask.CompletedTask;
    }

    public Task<string> Base(int[,] grid) => Task.FromResult($"{grid.GetLength(0)}x{grid.GetLength(1)}:{grid[1, 2]}");
}
