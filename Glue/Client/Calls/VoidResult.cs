namespace NFX.Glue.Client.Calls;

/// <summary>The result type of calls that return no value (Task, ValueTask, Ping).</summary>
internal readonly struct VoidResult
{
}
