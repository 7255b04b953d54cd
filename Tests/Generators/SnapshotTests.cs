namespace NFX.Tests.Generators;

/// <summary>
/// The source the generator emits, compared as text with the committed snapshots (Snapshots/*.cs.txt): a change to the
/// emitter shows in review as a change of these files. NFX_UPDATE_SNAPSHOTS=1 rewrites them.
/// </summary>
public sealed class SnapshotTests
{
    [TestCase("Shop_Order_SlimCodec")]
    [TestCase("Shop_Customer_SlimCodec")]
    [TestCase("Shop_Money_SlimStruct")]
    [TestCase("SlimGeneratedCodecRegistry")]
    public void Emitter_ShopModel_MatchesSnapshot(string hintName) =>
        AssertSnapshot(GeneratorHarness.Run(ModelSource.Shop, "Shop").Result, hintName, hintName);

    // The registry of more types than one method names: looked up and named by bucket.
    [Test]
    public void Emitter_ManyTypesModel_RegistryMatchesSnapshot() =>
        AssertSnapshot(GeneratorHarness.Run(RegistryBucketTests.ManySource(), "ManyModel").Result, "SlimGeneratedCodecRegistry", "ManyModel_SlimGeneratedCodecRegistry");

    private static void AssertSnapshot(Microsoft.CodeAnalysis.GeneratorDriverRunResult result, string hintName, string snapshot)
    {
        string emitted = GeneratorHarness.Source(result, hintName).ReplaceLineEndings("\n");
        string file = Path.Combine(AppContext.BaseDirectory, "Snapshots", snapshot + ".cs.txt");
        if (Environment.GetEnvironmentVariable("NFX_UPDATE_SNAPSHOTS") == "1")
        {
            string source = Path.Combine(RepositoryRoot(), "Tests", "Generators", "Snapshots", snapshot + ".cs.txt");
            File.WriteAllText(source, emitted);
            Assert.Inconclusive("snapshot written: " + source);
        }
        Assert.That(File.Exists(file), Is.True, $"no snapshot {file}; run with NFX_UPDATE_SNAPSHOTS=1 to write it");
        Assert.That(emitted, Is.EqualTo(File.ReadAllText(file).ReplaceLineEndings("\n")));
    }

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "NFX.Slim.sln")))
            {
                return dir.FullName;
            }
        }
        throw new InvalidOperationException("NFX.Slim.sln not found above " + AppContext.BaseDirectory);
    }
}
