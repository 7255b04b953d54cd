namespace NFX.Tests.Glue.Support;

/// <summary>A type with a distinctive name, to find its name in the bytes on the wire.</summary>
public sealed class GluePayloadMarkerZq
{
    public int Value { get; set; }
}
