using System.Diagnostics.CodeAnalysis;
using NFX.Slim;
using NFX.Slim.Generated;

namespace ManyTypes;

/// <summary>Round-trips every model type of the build and checks its generated codec is the one answered for it.</summary>
internal static class Probe
{
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "A JIT-only probe: it enumerates its own model types.")]
    [UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "A JIT-only probe: it makes its own model types.")]
    [UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "A JIT-only probe: it sets its own model types' fields.")]
    public static int CheckAll()
    {
        var slim = new SlimSerializer(SlimOptions.Default with
        {
            UseGeneratedCodecs = true,
            TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(Probe).Assembly),
        });
        int count = 0;
        foreach (Type type in typeof(Probe).Assembly.GetTypes().Where(t => t.Namespace == "ManyTypes" && t.Name.StartsWith('M') && t.Name.Length == 5).OrderBy(t => t.Name, StringComparer.Ordinal))
        {
            int id = int.Parse(type.Name.AsSpan(1), System.Globalization.CultureInfo.InvariantCulture);
            if (!SlimGeneratedCodecs.TryGet(type, out SlimGeneratedCodec? codec) || codec.Type != type)
            {
                Console.WriteLine($"FAILED no generated codec for {type.FullName}");
                return 1;
            }
            object value = Activator.CreateInstance(type)!;
            type.GetField("Id")!.SetValue(value, id);
            type.GetField("Name")!.SetValue(value, "n" + id);
            object? copy = slim.Deserialize<object>(slim.Serialize(value));
            if (copy?.GetType() != type || (int)type.GetField("Id")!.GetValue(copy)! != id || (string?)type.GetField("Name")!.GetValue(copy) != "n" + id)
            {
                Console.WriteLine($"FAILED the copy of {type.FullName} differs");
                return 1;
            }
            count++;
        }
        if (SlimGeneratedCodecs.TryGet(typeof(Probe), out _) || SlimGeneratedCodecs.TryGet(typeof(string), out _))
        {
            Console.WriteLine("FAILED a codec for a type the generator did not reach");
            return 1;
        }
        Console.WriteLine("ALL " + count);
        return 0;
    }
}
