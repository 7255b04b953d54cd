namespace NFX.Glue.Telemetry;

/// <summary>Which end of a connection recorded a measurement (the <c>glue.side</c> tag).</summary>
internal enum GlueSide
{
    Client,
    Server,
}
