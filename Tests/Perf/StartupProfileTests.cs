using System.Runtime.InteropServices;
using NFX.ReadyToRun;

namespace NFX.Tests.Perf;

/// <summary>
/// The start-up profile tool (ReadyToRun/StartupProfile): a list written to a .mibc profile reads back as the same list
/// (every kind of name the JIT's summary spells: nested and generic types, instantiations over System.__Canon,
/// primitives and the assembly's own types, generic methods, enums as their underlying primitive), lines that name no
/// method are left out with a reason, and the checked-in lists of ReadyToRun/ name methods of today's assemblies and
/// none of the hot ones.
/// </summary>
public sealed class StartupProfileTests
{
    private static readonly string s_fixtures = typeof(StartupFixtures).FullName!;

    // Spelled as DOTNET_JitDisasmSummary spells them.
    private static readonly string[] s_lines =
    [
        $"{s_fixtures}+Plain:.cctor()",
        $"{s_fixtures}+Plain:.ctor()",
        $"{s_fixtures}+Plain:Overload(int)",
        $"{s_fixtures}+Plain:Overload(System.String)",
        $"{s_fixtures}+Plain:Overload(long,byref,double[],System.Nullable`1[uint])",
        $"{s_fixtures}+Plain:WithEnums(int,byte,{s_fixtures}+Small[],System.Collections.Generic.List`1[{s_fixtures}+Small])",
        $"{s_fixtures}+Plain:Span(System.ReadOnlySpan`1[byte],System.Span`1[char],System.String[,],ptr)",
        $"{s_fixtures}+Plain:Generic[System.__Canon](System.__Canon,System.Collections.Generic.List`1[System.__Canon])",
        $"{s_fixtures}+Plain:Generic[double](double,System.Collections.Generic.List`1[double])",
        $"{s_fixtures}+Plain:Generic[{s_fixtures}+Cell`1[int]]({s_fixtures}+Cell`1[int],System.Collections.Generic.List`1[{s_fixtures}+Cell`1[int]])",
        $"{s_fixtures}+Box`1[System.__Canon]:Get(System.__Canon,int)",
        $"{s_fixtures}+Box`1[System.__Canon]:Pair[int](System.__Canon,int)",
        $"{s_fixtures}+Box`1+Inner[System.__Canon]:.ctor(System.__Canon[])",
        $"{s_fixtures}+Box`1[long]:Get(long,int)",
        $"{s_fixtures}+Cell`1[{s_fixtures}+Plain]:Read(byref)",
    ];

    private static string FixtureAssembly => typeof(StartupProfileTests).Assembly.Location;

    private static IEnumerable<string> References() =>
        Directory.GetFiles(RuntimeEnvironment.GetRuntimeDirectory(), "*.dll");

    [Test]
    public void Emit_EveryKindOfName_ReadsBackAsTheSameList()
    {
        string profile = Path.Combine(Path.GetTempPath(), $"nfx-startup-{Guid.NewGuid():N}.mibc");
        try
        {
            MibcResult result;
            using (FileStream output = File.Create(profile))
            {
                result = MibcWriter.Write(FixtureAssembly, s_lines, output, References());
            }

            Assert.That(result.Skipped, Is.Empty);
            Assert.That(result.Written, Is.EqualTo(s_lines));
            var groups = MibcReader.Read(profile, References().Append(FixtureAssembly));
            Assert.That(groups.Select(g => g.Group), Is.EqualTo(new[] { result.AssemblyName + ";" }));
            Assert.That(groups[0].Methods, Is.EqualTo(s_lines));
        }
        finally
        {
            File.Delete(profile);
        }
    }

    [Test]
    public void Emit_LinesThatNameNoMethod_AreLeftOutWithTheReason()
    {
        string[] lines =
        [
            $"{s_fixtures}+Plain:Overload(uint)",
            $"{s_fixtures}+Missing:.ctor()",
            $"{s_fixtures}+Plain:Generic[System.Text.StringBuilder](System.Text.StringBuilder,System.Collections.Generic.List`1[System.Text.StringBuilder])",
            $"{s_fixtures}+Box`1:Get(!0,int)",
            "not a method name",
            $"{s_fixtures}+Plain:.ctor()",
        ];

        MibcResult result = MibcWriter.Write(FixtureAssembly, lines, output: null, References());

        Assert.That(result.Written, Is.EqualTo(new[] { $"{s_fixtures}+Plain:.ctor()" }));
        Assert.That(result.Skipped.Select(s => s.Line), Is.EqualTo(lines[..5]));
        Assert.That(result.Skipped[0].Reason, Does.Contain("no method Overload(uint)"));
        Assert.That(result.Skipped[1].Reason, Does.Contain("no type"));
        Assert.That(result.Skipped[2].Reason, Does.Contain("System.Text.StringBuilder"));
        Assert.That(result.Skipped[3].Reason, Does.Contain("type arguments"));
        Assert.That(result.Skipped[4].Reason, Does.Contain("not spelled"));
    }

    private static IEnumerable<TestCaseData> Lists() =>
    [
        new TestCaseData("NFX.Slim", typeof(NFX.Slim.SlimSerializer).Assembly.Location).SetName("StartupList_NFX_Slim"),
        new TestCaseData("NFX.StreamerFormats", typeof(NFX.IO.SlimWriter).Assembly.Location).SetName("StartupList_NFX_StreamerFormats"),
    ];

    [TestCaseSource(nameof(Lists))]
    public void StartupList_EveryLine_NamesAMethodOfTheAssembly(string assembly, string path)
    {
        string[] lines = ListedMethod.LinesOf(File.ReadAllText(ListPath(assembly))).ToArray();

        MibcResult result = MibcWriter.Write(path, lines, output: null,
            References().Append(typeof(NFX.IO.SlimWriter).Assembly.Location));

        Assert.That(lines, Has.Length.GreaterThan(50), "the list holds the start-up path");
        Assert.That(result.Skipped.Select(s => $"{s.Line} ({s.Reason})"), Is.Empty,
            "a line names no method any more: run ReadyToRun/regenerate (ReadyToRun/README.md)");
    }

    [TestCaseSource(nameof(Lists))]
    public void StartupList_NamesNoHotMethod(string assembly, string path)
    {
        // Methods every serialize or deserialize loop makes hot (precompiled, they would lose the JIT's dynamic profile),
        // and those ReadyToRun/hot.txt keeps out by hand.
        string[] hot =
        [
            "NFX.IO.SlimWriter:WriteInt32(int)", "NFX.IO.SlimReader:ReadInt32()", "NFX.IO.SlimWriter:WriteString(System.String)",
            "NFX.IO.SlimReader:ReadString()", "NFX.IO.SlimWriter:WriteVarUInt32(uint)", "NFX.IO.SlimReader:ReadVarUInt32()",
            .. ListedMethod.LinesOf(File.ReadAllText(ListPath("hot"))),
        ];

        string[] lines = ListedMethod.LinesOf(File.ReadAllText(ListPath(assembly))).ToArray();

        Assert.That(hot, Has.Length.GreaterThan(6));
        Assert.That(lines.Intersect(hot), Is.Empty);
    }

    private static string ListPath(string assembly)
    {
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "NFX.Slim.sln")))
            {
                return Path.Combine(dir.FullName, "ReadyToRun", assembly + ".txt");
            }
        }
        throw new InvalidOperationException("NFX.Slim.sln not found above " + AppContext.BaseDirectory);
    }
}
