using System.Globalization;
using System.Text;
using Akka.Configuration;
using NFX.Slim;

namespace NFX.Slim.Akka;

/// <summary>Reads and writes the HOCON form of <see cref="SlimAkkaOptions"/>: the exact set of keys, nothing else.</summary>
internal static class SlimAkkaConfig
{
    private static readonly string[] s_keys = ["allowed-assemblies", "allowed-namespaces", "allowed-types", "limits", "versioning", "allow-json-serializer"];

    /// <summary>HOCON limit keys and the <see cref="SlimLimits"/> members they set.</summary>
    private static readonly (string Key, string Member)[] s_limits =
    [
        ("max-message-bytes", nameof(SlimLimits.MaxMessageBytes)),
        ("max-objects", nameof(SlimLimits.MaxObjects)),
        ("max-collection-length", nameof(SlimLimits.MaxCollectionLength)),
        ("max-string-bytes", nameof(SlimLimits.MaxStringBytes)),
        ("max-array-total-elements", nameof(SlimLimits.MaxArrayTotalElements)),
        ("max-depth", nameof(SlimLimits.MaxDepth)),
        ("max-hash-collisions", nameof(SlimLimits.MaxHashCollisions)),
        ("max-layout-members", nameof(SlimLimits.MaxLayoutMembers)),
    ];

    /// <summary>The HOCON key of a <see cref="SlimLimits"/> member (as a limit error names it), or the member name itself.</summary>
    public static string LimitKey(string member)
    {
        foreach ((string key, string name) in s_limits)
        {
            if (name == member)
            {
                return key;
            }
        }
        return member;
    }

    public static SlimAkkaOptions Read(Config? config)
    {
        if (config is null || config.IsEmpty)
        {
            return SlimAkkaOptions.Default;
        }
        foreach (string key in config.Root.GetObject().Items.Keys)
        {
            if (Array.IndexOf(s_keys, key) < 0)
            {
                throw new ConfigurationException($"{SlimAkkaOptions.ConfigPath} has an unknown key '{key}'; the keys are {string.Join(", ", s_keys)}.");
            }
        }
        return new SlimAkkaOptions
        {
            AllowedAssemblies = List(config, "allowed-assemblies"),
            AllowedNamespaces = List(config, "allowed-namespaces"),
            AllowedTypes = List(config, "allowed-types"),
            Limits = Limits(config.HasPath("limits") ? config.GetConfig("limits") : null),
            Versioning = Versioning(config.GetString("versioning", "strict")),
            AllowJsonSerializer = config.GetBoolean("allow-json-serializer", false),
        };
    }

    private static string[] List(Config config, string key) => config.HasPath(key) ? [.. config.GetStringList(key)] : [];

    private static SlimVersioning Versioning(string value) => value.Trim().ToLowerInvariant() switch
    {
        "strict" => SlimVersioning.Strict,
        "tolerant" => SlimVersioning.Tolerant,
        _ => throw new ConfigurationException($"{SlimAkkaOptions.ConfigPath}.versioning is '{value}'; it must be 'strict' or 'tolerant'."),
    };

    private static SlimLimits Limits(Config? config)
    {
        SlimLimits limits = SlimLimits.Default;
        if (config is null || config.IsEmpty)
        {
            return limits;
        }
        foreach (string key in config.Root.GetObject().Items.Keys)
        {
            if (Array.FindIndex(s_limits, l => l.Key == key) < 0)
            {
                throw new ConfigurationException($"{SlimAkkaOptions.ConfigPath}.limits has an unknown key '{key}'; the keys are " +
                    $"{string.Join(", ", s_limits.Select(l => l.Key))}.");
            }
        }
        long Get(string key, long current)
        {
            if (!config.HasPath(key))
            {
                return current;
            }
            long value = config.GetLong(key);
            if (value <= 0)
            {
                throw new ConfigurationException($"{SlimAkkaOptions.ConfigPath}.limits.{key} is {value}; it must be positive.");
            }
            return value;
        }
        int GetInt(string key, int current)
        {
            long value = Get(key, current);
            return value > int.MaxValue
                ? throw new ConfigurationException($"{SlimAkkaOptions.ConfigPath}.limits.{key} is {value}; the most is {int.MaxValue}.")
                : (int)value;
        }
        return limits with
        {
            MaxMessageBytes = GetInt("max-message-bytes", limits.MaxMessageBytes),
            MaxObjects = GetInt("max-objects", limits.MaxObjects),
            MaxCollectionLength = GetInt("max-collection-length", limits.MaxCollectionLength),
            MaxStringBytes = GetInt("max-string-bytes", limits.MaxStringBytes),
            MaxArrayTotalElements = Get("max-array-total-elements", limits.MaxArrayTotalElements),
            MaxDepth = GetInt("max-depth", limits.MaxDepth),
            MaxHashCollisions = GetInt("max-hash-collisions", limits.MaxHashCollisions),
            MaxLayoutMembers = GetInt("max-layout-members", limits.MaxLayoutMembers),
        };
    }

    public static string Write(SlimAkkaOptions options)
    {
        var hocon = new StringBuilder();
        hocon.Append(SlimAkkaOptions.ConfigPath).Append(" {\n");
        AppendList(hocon, "allowed-assemblies", options.AllowedAssemblies);
        AppendList(hocon, "allowed-namespaces", options.AllowedNamespaces);
        AppendList(hocon, "allowed-types", [.. options.AllowedTypes, .. options.AllowTypes.Select(t => $"{t.FullName}, {t.Assembly.GetName().Name}")]);
        SlimLimits l = options.Limits;
        hocon.Append(CultureInfo.InvariantCulture,
            $"  limits {{ max-message-bytes = {l.MaxMessageBytes}, max-objects = {l.MaxObjects}, max-collection-length = {l.MaxCollectionLength}, " +
            $"max-string-bytes = {l.MaxStringBytes}, max-array-total-elements = {l.MaxArrayTotalElements}, max-depth = {l.MaxDepth}, " +
            $"max-hash-collisions = {l.MaxHashCollisions}, max-layout-members = {l.MaxLayoutMembers} }}\n");
        hocon.Append("  versioning = ").Append(options.Versioning == SlimVersioning.Tolerant ? "tolerant" : "strict").Append('\n');
        hocon.Append("  allow-json-serializer = ").Append(options.AllowJsonSerializer ? "on" : "off").Append("\n}\n");
        return hocon.ToString();
    }

    private static void AppendList(StringBuilder hocon, string key, IEnumerable<string> values) =>
        hocon.Append("  ").Append(key).Append(" = [").AppendJoin(", ", values.Select(v => "\"" + v.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"")).Append("]\n");
}
