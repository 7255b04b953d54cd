using System.Reflection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using NFX.Slim;
using NFX.Slim.Orleans;
using Orleans.Hosting;
using Orleans.Serialization;

// The other process of the Orleans rolling-upgrade test:
//   <model.dll> <silo port> <gateway port>: loads that release of the model assembly, runs a one-silo cluster on
//   loopback with Slim's fallback in tolerant mode, prints "ready", and runs until stdin closes.
if (args.Length != 3)
{
    Console.Error.WriteLine("usage: <model.dll> <silo port> <gateway port>");
    return 2;
}
Assembly.LoadFrom(Path.GetFullPath(args[0]));
using IHost host = Host.CreateDefaultBuilder()
    .ConfigureLogging(logging => logging.SetMinimumLevel(LogLevel.Warning))
    .UseOrleans(silo =>
    {
        silo.UseLocalhostClustering(int.Parse(args[1]), int.Parse(args[2]), serviceId: "upgrade", clusterId: "upgrade");
        silo.Services.AddSerializer(serializer => serializer.AddSlimSerializer(options =>
        {
            options.AllowedNamespaces.Add("OrleansUpgrade");
            options.Versioning = SlimVersioning.Tolerant;
        }));
    })
    .Build();
await host.StartAsync();
Console.WriteLine("ready");
Console.Out.Flush();
await Console.In.ReadToEndAsync();
await host.StopAsync();
return 0;
