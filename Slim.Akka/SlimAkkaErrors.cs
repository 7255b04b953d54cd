using System.Runtime.Serialization;
using NFX.Slim;

namespace NFX.Slim.Akka;

/// <summary>
/// Turns Slim's errors into the <see cref="SerializationException"/> Akka expects of a message it cannot carry (it drops
/// the message and keeps the association), each naming the type and the setting that admits it.
/// </summary>
internal static class SlimAkkaErrors
{
    public static SerializationException OnWrite(object message, Exception e) =>
        new($"Slim cannot serialize a '{message.GetType()}' for Akka: {e.Message}", e);

    public static SerializationException OnRead(Type? expected, Exception e)
    {
        string what = expected is null ? "a message" : $"a '{expected}'";
        return e switch
        {
            SlimTypeNotAllowedException refused => new(
                $"Slim refused {what} from another node: it contains a '{refused.TypeName}', which the type policy does not allow. " +
                $"Admit it on the reading node with {SlimAkkaOptions.ConfigPath}.allowed-types = [\"{HoconTypeName(refused.TypeName)}\"] " +
                "(or allowed-namespaces / allowed-assemblies; SlimAkkaOptions.AllowedTypes with Akka.Hosting). " + refused.Message, e),
            SlimLimitExceededException limit => new(
                $"Slim refused {what} from another node: {limit.LimitName} is {limit.Maximum} and the message needs {limit.Requested}. " +
                $"Raise {SlimAkkaOptions.ConfigPath}.limits.{SlimAkkaConfig.LimitKey(limit.LimitName)} on the reading node if such messages are expected. " +
                limit.Message, e),
            SlimLayoutMismatchException layout => new(
                $"Slim cannot read {what}: the writer has another layout of '{layout.TypeName}'. Set {SlimAkkaOptions.ConfigPath}.versioning = tolerant " +
                "on every node before a rolling upgrade that changes message types. " + layout.Message, e),
            _ => new($"Slim cannot read {what}: the bytes are malformed or were written by an incompatible serializer. {e.Message}", e),
        };
    }

    /// <summary>Slim names a type "Namespace.Type @Assembly"; the setting takes "Namespace.Type, Assembly".</summary>
    private static string HoconTypeName(string slimName)
    {
        int at = slimName.LastIndexOf(" @", StringComparison.Ordinal);
        return at < 0 ? slimName + ", <assembly>" : $"{slimName[..at]}, {slimName[(at + 2)..]}";
    }

    public static SerializationException WrongType(Type expected, object value) =>
        new($"Slim read a '{value.GetType()}' where Akka expects a '{expected}'.");
}
