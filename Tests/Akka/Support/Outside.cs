namespace NFX.Outside;

/// <summary>A type outside every policy of the tests: Slim refuses it, Akka's JSON serializer makes it.</summary>
public sealed class MadeByJson
{
    public string? Text { get; set; }
}
