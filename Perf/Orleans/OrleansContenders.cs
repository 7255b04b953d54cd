using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim.Orleans;
using Orleans.Serialization;

namespace NFX.Perf.Orleans;

/// <summary>The three ways an Orleans application serializes a type: Slim's fallback, Orleans' JSON fallback, generated codecs.</summary>
public static class OrleansContenders
{
    public const string Slim = "Slim fallback (NFX.Slim.Orleans)";
    public const string Json = "System.Text.Json fallback";
    public const string Generated = "[GenerateSerializer] copies";

    public static IReadOnlyList<string> Names { get; } = [Slim, Json, Generated];

    /// <summary>The JSON fallback's settings: fields (the Perf types have no properties), shared references kept (the tree shares its users).</summary>
    public static JsonSerializerOptions JsonOptions { get; } = new() { IncludeFields = true, ReferenceHandler = ReferenceHandler.Preserve };

    /// <summary>A key without spaces, for configuration.</summary>
    public static string Key(string name) => name == Slim ? "slim" : name == Json ? "json" : "generated";

    public static string FromKey(string key) => key == "slim" ? Slim : key == "json" ? Json : Generated;

    /// <summary>Registers the contender's serializer on an Orleans serializer builder.</summary>
    public static void Register(string name, ISerializerBuilder serializer)
    {
        if (name == Slim)
        {
            serializer.AddSlimSerializer(options => options.AllowedNamespaces.Add("NFX.Perf"));
        }
        else if (name == Json)
        {
            serializer.AddJsonSerializer(IsPerfType, JsonOptions);
        }
    }

    /// <summary>What a contender sends: the plain message, or the annotated copy for the generated codecs.</summary>
    public static object Message(string name, (string Name, object Plain, object Annotated) message) => name == Generated ? message.Annotated : message.Plain;

    public static ServiceProvider Standalone(string name) =>
        new ServiceCollection().AddSerializer(serializer => Register(name, serializer)).BuildServiceProvider();

    private static bool IsPerfType(Type type) => type.Namespace?.StartsWith("NFX.Perf", StringComparison.Ordinal) == true;
}
