using Akka.Actor;
using Akka.Hosting;

namespace NFX.Slim.Akka;

/// <summary>Akka.Hosting registration of <see cref="SlimAkkaSerializer"/>.</summary>
public static class SlimAkkaHostingExtensions
{
    /// <summary>The serializer's name in <c>akka.actor.serializers</c> and <c>serialization-settings</c>.</summary>
    public const string SerializerName = "slim";

    /// <summary>
    /// Makes Slim the serializer of every message (bound to <see cref="object"/> and to Akka's <see cref="Status.Failure"/>
    /// and <see cref="Status.Success"/>, which Akka.Remote otherwise binds to its own serializer: that one rebuilds an
    /// exception only through the obsolete ISerializable constructor, so most exceptions arrive as a null cause), or of
    /// <paramref name="boundTypes"/> when given: <c>builder.WithSlimSerializer(new SlimAkkaOptions { AllowedNamespaces = ["MyApp.Messages"] })</c>. Without
    /// <paramref name="options"/>, the settings come from the HOCON section <c>akka.actor.serialization-settings.slim</c>.
    /// </summary>
    public static AkkaConfigurationBuilder WithSlimSerializer(this AkkaConfigurationBuilder builder, SlimAkkaOptions? options = null,
        params Type[] boundTypes)
    {
        ArgumentNullException.ThrowIfNull(builder);
        return builder.WithCustomSerializer(SerializerName, boundTypes.Length == 0 ? [typeof(object), typeof(Status.Failure), typeof(Status.Success)] : boundTypes,
            system => options is null ? new SlimAkkaSerializer(system) : new SlimAkkaSerializer(system, options));
    }
}
