using NFX.Glue;
using NFX.Glue.Contracts;
using NFX.Tests.Glue.Support;

namespace NFX.Tests.Glue;

public sealed class GlueContractTests
{
    [TestCase(typeof(IBadGeneric), "IBadGeneric.Get", "generic")]
    [TestCase(typeof(IBadRef), "IBadRef.Swap", "ref, out or in")]
    [TestCase(typeof(IBadOut), "IBadOut.Try", "ref, out or in")]
    [TestCase(typeof(IBadIn), "IBadIn.Read", "ref, out or in")]
    [TestCase(typeof(IBadVoid), "IBadVoid.Forget", "[OneWay]")]
    [TestCase(typeof(IBadOneWayTask), "IBadOneWayTask.Fire", "must return void")]
    [TestCase(typeof(IBadReturn), "IBadReturn.Now", "returns Int32")]
    [TestCase(typeof(IBadProperty), "IBadProperty.get_Count", "properties")]
    [TestCase(typeof(IBadTokenPosition), "IBadTokenPosition.Run", "last parameter")]
    [TestCase(typeof(IBadNotGlued), "IBadNotGlued", "[Glued]")]
    [TestCase(typeof(IBadInternal), "IBadInternal", "public")]
    [TestCase(typeof(IBadDuplicateFromBase), "IBadBase.Run", "same signature")]
    [TestCase(typeof(ShapesService), "ShapesService", "interface")]
    public void Descriptor_InvalidContract_ThrowsNamingTheMethodAndRule(Type contract, string where, string rule)
    {
        GlueContractException? error = Assert.Throws<GlueContractException>(() => ContractDescriptor.For(contract));

        Assert.That(error!.Message, Does.Contain(where));
        Assert.That(error.Message, Does.Contain(rule));
    }

    [Test]
    public void GetProxy_InvalidContract_ThrowsContractException()
    {
        var client = new GlueClient(new System.Net.IPEndPoint(System.Net.IPAddress.Loopback, 1));

        Assert.Throws<GlueContractException>(() => client.GetProxy<IBadVoid>());
    }

    [Test]
    public void Host_InvalidContract_ThrowsContractException()
    {
        var server = new GlueServer(GlueTestHost.DefaultServerOptions);

        Assert.Throws<GlueContractException>(() => server.Host<IBadNotGlued>(new NotGlued()));
    }

    [Test]
    public void Descriptor_ValidContract_NumbersMethodsByOrdinalSignatureOrder()
    {
        ContractDescriptor contract = ContractDescriptor.For(typeof(IOverloadsAndBase));

        Assert.That(contract.Name, Is.EqualTo("NFX.Tests.Glue.Support.IOverloadsAndBase"));
        Assert.That(contract.Methods.Select(m => m.Signature), Is.EqualTo(new[]
        {
            "Alpha(System.Int32):System.Int32",
            "Alpha(System.String):System.Int32",
            "Base(System.Int32[,]):System.String",
            "Beta(System.Collections.Generic.List`1[System.Int32]):oneway",
            "Gamma(System.Collections.Generic.Dictionary`2[System.String,System.Int32[]]):void",
            "Zeta(System.Int32):System.Int32",
        }));
        Assert.That(contract.Methods.Select(m => m.Id), Is.EqualTo(new[] { 0, 1, 2, 3, 4, 5 }));
        Assert.That(contract.Methods[4].HasCancellationToken, Is.True);
        Assert.That(contract.Methods[4].ArgsType, Is.EqualTo(typeof(ValueTuple<Dictionary<string, int[]>>)));
        Assert.That(contract.Methods.Select(m => m.SignatureHash).Distinct().Count(), Is.EqualTo(6));
    }

    [Test]
    public void Descriptor_SameInterface_IsBuiltOnce()
    {
        Assert.That(ContractDescriptor.For(typeof(IShapes)), Is.SameAs(ContractDescriptor.For(typeof(IShapes))));
    }

    [Test]
    public void Descriptor_NineParameters_PackNestsThroughRest()
    {
        MethodDescriptor sumNine = ContractDescriptor.For(typeof(IShapes)).Methods.Single(m => m.Method.Name == nameof(IShapes.SumNine));

        Assert.That(sumNine.ArgsType, Is.EqualTo(typeof(ValueTuple<int, int, int, int, int, int, int, ValueTuple<int, long>>)));
    }

    [Test]
    public void Descriptor_GluedName_OverridesTheWireName()
    {
        Assert.That(ContractDescriptor.For(typeof(IGreeterV2)).Name, Is.EqualTo("NFX.Tests.Glue.Support.IGreeter"));
    }

    [Test]
    public void SignatureHash_IsFnv1a64OfUtf8Signature()
    {
        // Golden values: both ends of every version must compute the same hashes.
        Assert.That(WireNames.Hash(string.Empty), Is.EqualTo(0xcbf29ce484222325UL));
        Assert.That(WireNames.Hash("a"), Is.EqualTo(0xaf63dc4c8601ec8cUL));
    }

    private sealed class NotGlued : IBadNotGlued
    {
        public Task Run() => Task.CompletedTask;
    }
}
