using NFX.Slim.Codecs.Collections;
using NFX.Slim.Generated;
using NFX.Slim.TypeSystem;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// How the runtime asks a generated registry (<see cref="SlimGeneratedAssembly"/>): type names at the first name lookup,
/// generic and array names only at the first generic or array name (or a name not found otherwise), and each closed
/// generic codec when that very type is first asked for; a registry of an earlier generator, which registers everything
/// in one method, still has everything registered at the first lookup. Each registry here answers only for types of
/// its own, so the process-wide registration leaves the other tests' types alone.
/// </summary>
public sealed class RegistryByTypeTests
{
    [Test]
    public void Instantiation_AskedForOneType_RegistersThatOneOnly_OnceForAll()
    {
        var registry = new ByTypeRegistry();
        SlimGeneratedCodecs.Register(registry);

        Assert.That(GenericInstantiations.TryGetFactory(typeof(List<ByTypeItem>), out CollectionCodecs.Factory? list), Is.True);
        Assert.That(list, Is.Not.Null);
        Assert.That(registry.Asked, Is.EqualTo(new[] { typeof(List<ByTypeItem>) }));
        Assert.That(registry.Registered, Is.EqualTo(new[] { typeof(List<ByTypeItem>) }), "the array was not asked for");

        // Registered: found without asking again.
        Assert.That(GenericInstantiations.TryGetFactory(typeof(List<ByTypeItem>), out _), Is.True);
        Assert.That(registry.Asked, Has.Count.EqualTo(1));

        Assert.That(GenericInstantiations.TryGetFactory(typeof(ByTypeItem[]), out _), Is.True);
        Assert.That(GenericInstantiations.TryGetFactory(typeof(Queue<ByTypeItem>), out _), Is.False, "the registry does not have it");
        Assert.That(registry.Registered, Is.EqualTo(new[] { typeof(List<ByTypeItem>), typeof(ByTypeItem[]) }));
    }

    [Test]
    public void Names_TypeNameFound_GenericNamesOnlyAtTheFirstGenericName()
    {
        var registry = new ByTypeRegistry();
        SlimGeneratedCodecs.Register(registry);
        string assembly = TypeNames.AssemblyName(typeof(ByTypeItem));

        Assert.That(SlimGeneratedCodecs.FindType(assembly, typeof(ByTypeItem).FullName!), Is.SameAs(typeof(ByTypeItem)));
        Assert.That((registry.TypeNames, registry.GenericNames), Is.EqualTo((1, 0)));

        // A codec registered when asked for is named with the generic names.
        Assert.That(GenericInstantiations.TryGetFactory(typeof(List<ByTypeItem>), out _), Is.True);
        Assert.That(GenericInstantiations.FindGeneric(typeof(List<>), [typeof(ByTypeItem)]), Is.SameAs(typeof(List<ByTypeItem>)));
        Assert.That(GenericInstantiations.FindGeneric(typeof(Queue<>), [typeof(ByTypeItem)]), Is.SameAs(typeof(Queue<ByTypeItem>)));
        Assert.That(GenericInstantiations.FindArray(typeof(ByTypeItem), 0), Is.SameAs(typeof(ByTypeItem[])));
        Assert.That((registry.TypeNames, registry.GenericNames), Is.EqualTo((1, 1)));
    }

    [Test]
    public void EarlierGeneratorsRegistry_EverythingRegisteredAtTheFirstLookup()
    {
        var registry = new AllAtOnceRegistry();
        SlimGeneratedCodecs.Register(registry);

        Assert.That(GenericInstantiations.TryGetFactory(typeof(List<AllAtOnceItem>), out _), Is.True);
        Assert.That(registry.Calls, Is.EqualTo(1));
        Assert.That(SlimGeneratedCodecs.FindType(TypeNames.AssemblyName(typeof(AllAtOnceItem)), typeof(AllAtOnceItem).FullName!),
            Is.SameAs(typeof(AllAtOnceItem)));
        Assert.That(GenericInstantiations.FindGeneric(typeof(List<>), [typeof(AllAtOnceItem)]), Is.SameAs(typeof(List<AllAtOnceItem>)));
        Assert.That(registry.Calls, Is.EqualTo(1));
    }

    private sealed class ByTypeItem;

    private sealed class AllAtOnceItem;

    /// <summary>What the generator writes now: each part asked for on its own.</summary>
    private sealed class ByTypeRegistry : SlimGeneratedAssembly
    {
        public List<Type> Asked { get; } = [];

        public List<Type> Registered { get; } = [];

        public int TypeNames { get; private set; }

        public int GenericNames { get; private set; }

        public override SlimGeneratedCodec? Codec(Type type) => null;

        public override void RegisterTypeNames()
        {
            TypeNames++;
            SlimGeneratedCodecs.RegisterTypes(typeof(ByTypeItem));
        }

        public override void RegisterGenericNames()
        {
            GenericNames++;
            SlimGeneratedCodecs.RegisterName(typeof(Queue<ByTypeItem>));
        }

        public override bool RegisterInstantiation(Type type)
        {
            // Other tests' types are asked of every registry too: only this registry's own are recorded.
            if (type == typeof(List<ByTypeItem>) || type == typeof(ByTypeItem[]) || type == typeof(Queue<ByTypeItem>))
            {
                Asked.Add(type);
            }
            if (type == typeof(List<ByTypeItem>))
            {
                SlimGeneratedCodecs.RegisterList<ByTypeItem>();
            }
            else if (type == typeof(ByTypeItem[]))
            {
                SlimGeneratedCodecs.RegisterArray<ByTypeItem>();
            }
            else
            {
                return false;
            }
            Registered.Add(type);
            return true;
        }
    }

    /// <summary>What an earlier generator wrote: one method that registers everything.</summary>
    private sealed class AllAtOnceRegistry : SlimGeneratedAssembly
    {
        public int Calls { get; private set; }

        public override SlimGeneratedCodec? Codec(Type type) => null;

        public override void RegisterTypesAndInstantiations()
        {
            Calls++;
            SlimGeneratedCodecs.RegisterTypes(typeof(AllAtOnceItem));
            SlimGeneratedCodecs.RegisterList<AllAtOnceItem>();
        }
    }
}
