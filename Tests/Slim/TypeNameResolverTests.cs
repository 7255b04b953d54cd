using System.Text;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim;

/// <summary>
/// The resolver's cache of names read as UTF-8 (the PerCall reader's steady state): a table of its own, read without a
/// lock and replaced whole when it grows, so every name must still resolve to its type after growing, from any thread.
/// </summary>
public sealed class TypeNameResolverTests
{
    private static readonly Type[] s_types =
    [
        .. typeof(object).Assembly.GetExportedTypes()
            .Where(t => !t.IsGenericType && !t.IsNested && t.FullName is not null)
            .OrderBy(t => t.FullName, StringComparer.Ordinal)
            .Take(200),
    ];

    private static Type? Resolve(TypeNameResolver resolver, Type type) =>
        resolver.Resolve(Encoding.UTF8.GetBytes(TypeNames.AssemblyName(type)), Encoding.UTF8.GetBytes(type.FullName!));

    [Test]
    public void ResolveUtf8_ManyNames_EachFindsItsTypeBeforeAndAfterTheTableGrows()
    {
        var resolver = new TypeNameResolver();
        foreach (Type type in s_types)
        {
            Assert.That(Resolve(resolver, type), Is.SameAs(type), type.FullName);
        }
        foreach (Type type in s_types)
        {
            Assert.That(Resolve(resolver, type), Is.SameAs(type), "again: " + type.FullName);
        }
        Assert.That(resolver.Resolve("System.Private.CoreLib"u8, "No.Such.Type"u8), Is.Null);
    }

    [Test]
    public void ResolveUtf8_FromManyThreads_EveryNameFindsItsType()
    {
        var resolver = new TypeNameResolver();
        Parallel.For(0, 8, worker =>
        {
            for (int round = 0; round < 3; round++)
            {
                for (int i = 0; i < s_types.Length; i++)
                {
                    Type type = s_types[(i * 7 + worker * 31) % s_types.Length];
                    Assert.That(Resolve(resolver, type), Is.SameAs(type), type.FullName);
                }
            }
        });
    }
}
