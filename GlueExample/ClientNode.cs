using System.Diagnostics;
using System.Net;
using System.Text;

namespace NFX.Glue.Example;

/// <summary>The client node: a few calls of every shape, a remote exception, then a short burst of parallel calls.</summary>
internal static class ClientNode
{
    public static async Task RunAsync(EndPoint server, string secret)
    {
        await using var client = new GlueClient(server, new GlueClientOptions { AuthToken = Encoding.UTF8.GetBytes(secret) });
        IInventory inventory = client.GetProxy<IInventory>();

        Console.WriteLine($"ping: {(await client.PingAsync()).TotalMilliseconds:F2} ms");
        foreach (Item item in await inventory.All())
        {
            Console.WriteLine($"{item.Sku,-6} {item.Name,-8} {item.Price,7:F2} x{item.InStock,-3} [{string.Join(", ", item.Tags)}]");
        }
        Item? anvil = await inventory.Find("A-100");
        Console.WriteLine($"Find(A-100): {anvil?.Name}; Find(Z-999): {(await inventory.Find("Z-999"))?.Name ?? "null"}");
        Console.WriteLine($"Reserve(C-300, 5): {await inventory.Reserve("C-300", 5, CancellationToken.None)} left");
        try
        {
            await inventory.Reserve("B-200", 1000, CancellationToken.None);
        }
        catch (RemoteException e)
        {
            Console.WriteLine($"Reserve(B-200, 1000) failed remotely: {e.RemoteTypeName}: {e.RemoteMessage}");
        }
        inventory.Log("hello from the client node");

        // Three rounds: the first includes JIT warm-up on both nodes.
        const int Calls = 20_000;
        for (int round = 1; round <= 3; round++)
        {
            var calls = new Task<Item?>[Calls];
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < Calls; i++)
            {
                calls[i] = inventory.Find("A-100");
            }
            await Task.WhenAll(calls);
            TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
            Console.WriteLine($"round {round}: {Calls} parallel Find calls over one connection in {elapsed.TotalMilliseconds:F0} ms = {Calls / elapsed.TotalSeconds:F0} calls/s");
        }
    }
}
