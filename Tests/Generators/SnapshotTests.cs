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

    // A leaf body of four fields or more is called, not inlined, by the bodies that write it in place: one copy in the
    // program instead of one in each holder (the DTO tree's instruction cache: docs/perf/notes.md). A body that writes
    // another in place, and a leaf of fewer fields, are inlined as before.
    [Test]
    public void Emitter_LeafBodyOfFourFields_WriteFieldsNotInlined()
    {
        const string source = """
            using NFX.Slim;

            namespace Leaf;

            public sealed class User { public long Id; public string? Name; public string? Url; public int Score; }
            public sealed class Tag { public string? Name; public int Uses; }
            public sealed class Post { public User? Owner; public Tag? Tag; public string? Body; public int Score; }

            public static class Calls
            {
                public static byte[] Write(SlimSerializer slim, Post post) => slim.Serialize(post);
            }
            """;
        var sources = GeneratorHarness.Run(source, "Leaf").Result.Results[0].GeneratedSources;
        string Codec(string type) =>
            sources.Single(s => s.HintName.StartsWith("Leaf_" + type + "_", StringComparison.Ordinal)).SourceText.ToString().ReplaceLineEndings("\n");
        const string noInlining = "MethodImplOptions.NoInlining)]\n        public static void WriteFields(";
        Assert.That(Codec("User"), Does.Contain(noInlining));
        Assert.That(Codec("Tag"), Does.Not.Contain(noInlining));
        string post = Codec("Post");
        Assert.That(post, Does.Not.Contain(noInlining));
        Assert.That(post, Does.Match(@"Leaf_User_+SlimCodec\.WriteFields\(writer, "), "the user is written in place");
    }

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
