using NFX.Perf.Contenders;
using NFX.Perf.Quick;
using NFX.Perf.Workloads;
using NFX.Perf.Workloads.Arrays;
using NFX.Perf.Workloads.Dto;
using NFX.Perf.Workloads.Graph;
using NFX.Perf.Workloads.LinkedList;
using NFX.Perf.Workloads.Perzons;

namespace NFX.Tests.Perf;

/// <summary>
/// Nerdbank.MessagePack (PolyType shapes; references off on trees, AllowCycles on graphs) and System.Text.Json through a
/// generated context: each round-trips every workload it can represent, compared whole by the harness's verifier, and
/// names the reason for the one it cannot; the peers' versions line names each package once.
/// </summary>
public sealed class NewPeerContenderTests
{
    [Test]
    public void RoundTrip_GraphThroughNerdbank_KeepsSharedOfficesAndCycles()
    {
        Contender contender = ContenderCatalog.Find(NerdbankMessagePackContender.ContenderName)!;
        (Workload workload, IReadOnlyList<object> roots) = PeerContenderTests.Small("graph");
        contender.Setup(workload, roots);

        var copy = (Company)contender.ToModel(contender.Deserialize(contender.Serialize(contender.Prepare(roots[0]))))!;

        Department department = copy.Departments![1];
        Assert.That(department.Employees![2].Office, Is.SameAs(department.Office));
        Assert.That(department.Employees[2].Department, Is.SameAs(department));
        Assert.That(department.Company, Is.SameAs(copy));
    }

    [Test]
    public void RoundTrip_TreeThroughNerdbank_WritesReferencesOff()
    {
        (Workload workload, IReadOnlyList<object> roots) = PeerContenderTests.Small("dto");
        var question = (Question)roots[0];
        question.Answers![0].Owner = question.Owner;

        Verifier.Outcome outcome = Verifier.Run(ContenderCatalog.Find(NerdbankMessagePackContender.ContenderName)!, workload, roots);

        Assert.That(outcome.Failure, Is.Not.Null, "on a tree workload the shared user is written twice, as MessagePack's default writes it");
    }

    [Test]
    public void CannotHandle_MillionDeepList_NamesNerdbanksDepthBound()
    {
        Contender contender = ContenderCatalog.Find(NerdbankMessagePackContender.ContenderName)!;

        Assert.That(contender.CannotHandle(new LinkedListWorkload()), Does.Contain("MaxDepth"));
    }

    [Test]
    public void Catalog_NewPeers_SitBesideTheirReflectionAndMessagePackRows()
    {
        string[] names = ContenderCatalog.All().Select(c => c.Name).ToArray();

        Assert.That(Array.IndexOf(names, SystemTextJsonGeneratedContender.ContenderName), Is.EqualTo(Array.IndexOf(names, SystemTextJsonContender.ContenderName) + 1));
        Assert.That(Array.IndexOf(names, NerdbankMessagePackContender.ContenderName), Is.EqualTo(Array.IndexOf(names, MessagePackTypelessContender.ContenderName) + 1));
    }

    [Test]
    public void PeerVersions_Line_NamesEachPeerOnceWithoutBuildMetadata()
    {
        string line = PeerVersions.Line();

        Assert.That(line, Does.StartWith("Peers: ").And.Contain("MessagePack 3.").And.Contain("Nerdbank.MessagePack 1.4").And.Contain("PolyType 1."));
        Assert.That(line, Does.Not.Contain("+").And.Not.Contain("Commit"));
        Assert.That(PeerVersions.Peers.Select(p => p.Package), Is.Unique);
    }
}
