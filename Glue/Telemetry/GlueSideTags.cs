namespace NFX.Glue.Telemetry;

/// <summary>The <c>glue.side</c> tags, made once.</summary>
internal static class GlueSideTags
{
    private static readonly KeyValuePair<string, object?> s_client = new("glue.side", "client");
    private static readonly KeyValuePair<string, object?> s_server = new("glue.side", "server");

    public static KeyValuePair<string, object?> Tag(this GlueSide side) => side == GlueSide.Client ? s_client : s_server;
}
