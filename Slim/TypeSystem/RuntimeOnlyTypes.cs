
namespace NFX.Slim.TypeSystem;

/// <summary>
/// Objects that only mean something inside the process that made them (streams, tasks, synchronization primitives,
/// threads, timers, sockets, pooled JSON documents): their fields are handles, buffers on loan and scheduler state, so
/// a copy of them is never the same thing. Refused when written and cloned (with the path to them) and when read.
/// A type is matched on itself and its base types, by full name, so no assembly is loaded to check it.
/// </summary>
internal static class RuntimeOnlyTypes
{
    private const string Streams = "streams";
    private const string Tasks = "tasks";
    private const string Sync = "synchronization primitives";
    private const string Threads = "threads, timers and execution contexts";
    private const string Connections = "sockets, connections and processes";
    private const string Json = "JsonDocument and JsonElement (views over pooled buffers)";

    private static readonly Dictionary<string, string> s_kinds = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        ["System.IO.Stream"] = Streams,
        ["System.IO.TextReader"] = Streams,
        ["System.IO.TextWriter"] = Streams,
        ["System.IO.BinaryReader"] = Streams,
        ["System.IO.BinaryWriter"] = Streams,
        ["System.Threading.Tasks.Task"] = Tasks,
        ["System.Threading.Tasks.ValueTask"] = Tasks,
        ["System.Threading.Tasks.ValueTask`1"] = Tasks,
        ["System.Threading.Tasks.TaskCompletionSource"] = Tasks,
        ["System.Threading.Tasks.TaskCompletionSource`1"] = Tasks,
        ["System.Threading.CancellationTokenSource"] = Sync,
        ["System.Threading.WaitHandle"] = Sync,
        ["System.Threading.SemaphoreSlim"] = Sync,
        ["System.Threading.ManualResetEventSlim"] = Sync,
        ["System.Threading.CountdownEvent"] = Sync,
        ["System.Threading.Barrier"] = Sync,
        ["System.Threading.ReaderWriterLockSlim"] = Sync,
        ["System.Threading.ReaderWriterLock"] = Sync,
        ["System.Threading.Lock"] = Sync,
        ["System.Threading.Channels.Channel`1"] = Sync,
        ["System.Threading.Channels.Channel`2"] = Sync,
        ["System.Threading.Thread"] = Threads,
        ["System.Threading.Timer"] = Threads,
        ["System.Threading.PeriodicTimer"] = Threads,
        ["System.Timers.Timer"] = Threads,
        ["System.Threading.ExecutionContext"] = Threads,
        ["System.Threading.SynchronizationContext"] = Threads,
        ["System.Threading.Tasks.TaskScheduler"] = Threads,
        ["System.Net.Sockets.Socket"] = Connections,
        ["System.Net.Http.HttpMessageInvoker"] = Connections,
        ["System.Data.Common.DbConnection"] = Connections,
        ["System.Diagnostics.Process"] = Connections,
        ["System.Text.Json.JsonDocument"] = Json,
        ["System.Text.Json.JsonElement"] = Json,
    }.ToDictionary(StringComparer.Ordinal);

    /// <summary>The kind of runtime-only object <paramref name="type"/> is (plural, for a message), or null.</summary>
    public static string? Describe(Type type)
    {
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            string? name = t.IsConstructedGenericType ? t.GetGenericTypeDefinition().FullName : t.FullName;
            if (name is not null && s_kinds.TryGetValue(name, out string? kind))
            {
                return kind;
            }
        }
        return null;
    }
}
