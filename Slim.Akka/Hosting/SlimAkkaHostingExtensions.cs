using Akka.Actor;
using Akka.Hosting;
using Akka.Serialization;

namespace NFX.Slim.Akka;

/// <summary>Akka.Hosting registration of <see cref="SlimAkkaSerializer"/>.</summary>
public static class SlimAkkaHostingExtensions
{
    /// <summary>The serializer's name in <c>akka.actor.serializers</c> and <c>serialization-settings</c>.</summary>
    public const string SerializerName = "slim";

    /// <summary>Akka's name of its JSON serializer, which <see cref="WithSlimSerializer"/> replaces with <see cref="ClosedJsonSerializer"/>.</summary>
    public const string JsonName = "json";

    /// <summary>
    /// Makes Slim the serializer of every message (bound to <see cref="object"/> and to Akka's <see cref="Status.Failure"/>
    /// and <see cref="Status.Success"/>, which Akka.Remote otherwise binds to its own serializer: that one rebuilds an
    /// exception only through the obsolete ISerializable constructor, so most exceptions arrive as a null cause), or of
    /// <paramref name="boundTypes"/> when given: <c>builder.WithSlimSerializer(new SlimAkkaOptions { AllowedNamespaces = ["MyApp.Messages"] })</c>. Without
    /// <paramref name="options"/>, the settings come from the HOCON section <c>akka.actor.serialization-settings.slim</c>.
    /// Akka's JSON serializer (id 1) is replaced with <see cref="ClosedJsonSerializer"/> unless the settings say
    /// <see cref="SlimAkkaOptions.AllowJsonSerializer"/>.
    /// </summary>
    public static AkkaConfigurationBuilder WithSlimSerializer(this AkkaConfigurationBuilder builder, SlimAkkaOptions? options = null,
        params Type[] boundTypes)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.WithCustomSerializer(SerializerName, boundTypes.Length == 0 ? [typeof(object), typeof(Status.Failure), typeof(Status.Success)] : boundTypes,
            system => new SlimAkkaSerializer(system, options ?? SlimAkkaSerializer.SettingsOf(system)));
        // Akka's JSON serializer stays registered under id 1 unless replaced: the sender picks the id a message is read with.
        if (options is { AllowJsonSerializer: true })
        {
            return builder;
        }
        // Settings from HOCON are known only when the system starts: then an opt-in gets Akka's own serializer back.
        return builder.WithCustomSerializer(JsonName, [], system => (options ?? SlimAkkaSerializer.SettingsOf(system)).AllowJsonSerializer
            ? new NewtonSoftJsonSerializer(system)
            : new ClosedJsonSerializer(system));
    }
}
