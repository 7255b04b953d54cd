using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace NFX.Tests.Readme;

/// <summary>
/// Every C# snippet of README.md and of the package readmes (docs/packages/*.md) compiles against the libraries as
/// built, so a renamed member or a changed signature fails here instead of in a newcomer's first program. Each block
/// is compiled alone as a console program with top-level statements (its types moved after its statements). A block
/// with using directives gets only those and the usings a new console app has, so a missing using fails; a block
/// without also gets the product's namespaces. Either gets the few names it uses without declaring them (an
/// <c>order</c>, an <c>Order</c>) from <see cref="s_context"/>.
/// </summary>
public sealed class ReadmeSnippetTests
{
    // What `dotnet new console` imports implicitly.
    private static readonly string[] s_consoleUsings =
        ["System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks"];

    private static readonly string[] s_productUsings =
    [
        "System.Net", "Microsoft.Extensions.DependencyInjection", "Microsoft.Extensions.Caching.Distributed",
        "Microsoft.Extensions.Caching.Hybrid", "NFX.IO", "NFX.Slim", "NFX.Glue", "NFX.Slim.Caching",
    ];

    /// <summary>Names README fragments use as if the reader had them: declared only when a fragment uses and lacks them.</summary>
    private static readonly (string Name, string Declaration)[] s_context =
    [
        ("Order", "public sealed class Order { public int Id; public List<string> Lines = new(); }"),
        ("Customer", "public sealed class Customer { public string Name = \"\"; }"),
        ("Item", "public sealed class Item { public string Sku = \"\"; }"),
        ("InventoryService", "public sealed class InventoryService : IInventory { public Task<Item?> Find(string sku) => Task.FromResult<Item?>(null); public void Log(string text) { } }"),
        ("order", "Order order = new Order();"),
        ("bytes", "byte[] bytes = [];"),
        ("services", "IServiceCollection services = new ServiceCollection();"),
        ("cache", "HybridCache cache = new ServiceCollection().AddHybridCache().Services.BuildServiceProvider().GetRequiredService<HybridCache>();"),
        ("redis", "IDistributedCache redis = new ServiceCollection().AddDistributedMemoryCache().BuildServiceProvider().GetRequiredService<IDistributedCache>();"),
        ("id", "int id = 42;"),
        ("LoadOrderAsync", "static ValueTask<Order> LoadOrderAsync(int id, CancellationToken ct) => ValueTask.FromResult(new Order { Id = id });"),
    ];

    private static readonly Lazy<MetadataReference[]> s_references = new(LoadReferences);

    public static IEnumerable<TestCaseData> Snippets()
    {
        string root = RepositoryRoot();
        var files = new List<string> { Path.Combine(root, "README.md") };
        files.AddRange(Directory.GetFiles(Path.Combine(root, "docs", "packages"), "*.md").Order(StringComparer.Ordinal));
        foreach (string file in files)
        {
            string relative = Path.GetRelativePath(root, file);
            int index = 0;
            foreach (Match block in Regex.Matches(File.ReadAllText(file), @"^```csharp[ \t]*\r?\n(.*?)^```", RegexOptions.Multiline | RegexOptions.Singleline))
            {
                index++;
                yield return new TestCaseData(relative, index, block.Groups[1].Value).SetName($"Snippet_{relative.Replace('/', '_')}_{index}_Compiles");
            }
        }
    }

    [Test]
    public void Readme_HasAUseItInYourAppSectionWithPackagesAndNamespaces()
    {
        string readme = File.ReadAllText(Path.Combine(RepositoryRoot(), "README.md"));
        Assert.That(readme, Does.Contain("## Use it in your app"));
        foreach (string package in (string[])["NFX.Slim", "NFX.Glue", "NFX.Slim.Caching", "NFX.StreamerFormats"])
        {
            Assert.That(readme, Does.Contain("dotnet add package " + package), package);
        }
        Assert.That(Snippets().Count(s => (string)s.Arguments[0]! == "README.md"), Is.GreaterThanOrEqualTo(5), "README snippets found");
    }

    [TestCaseSource(nameof(Snippets))]
    public void Snippet_Compiles(string file, int index, string code)
    {
        string program = Compose(code);
        SyntaxTree tree = CSharpSyntaxTree.ParseText(program, s_parseOptions);
        // A block of declarations only (no statements) is a library, not a program.
        OutputKind kind = tree.GetCompilationUnitRoot().Members.Any(m => m is GlobalStatementSyntax)
            ? OutputKind.ConsoleApplication
            : OutputKind.DynamicallyLinkedLibrary;
        CSharpCompilation compilation = CSharpCompilation.Create(
            $"Snippet{index}", [tree], s_references.Value, new CSharpCompilationOptions(kind, nullableContextOptions: NullableContextOptions.Enable));
        string[] errors = compilation.GetDiagnostics()
            .Where(d => d.Severity == DiagnosticSeverity.Error)
            .Select(d => d.ToString())
            .ToArray();
        Assert.That(errors, Is.Empty, $"{file}, C# block {index}, compiled as:\n{program}");
    }

    private static readonly CSharpParseOptions s_parseOptions = new(LanguageVersion.Latest);

    /// <summary>
    /// The program a block is compiled as: usings, then its statements (with the context it lacks), then its types:
    /// a snippet may show a type before the code that uses it, a program may not.
    /// </summary>
    private static string Compose(string code)
    {
        CompilationUnitSyntax snippet = CSharpSyntaxTree.ParseText(code, s_parseOptions).GetCompilationUnitRoot();
        bool complete = snippet.Usings.Count > 0;
        var context = new System.Text.StringBuilder();
        foreach ((string name, string declaration) in s_context)
        {
            if (Regex.IsMatch(code, $@"\b{name}\b") && !Declares(code, name))
            {
                context.Append(declaration).Append('\n');
            }
        }
        string members = string.Concat(snippet.Members.Select(m => m.ToFullString()));
        CompilationUnitSyntax all = CSharpSyntaxTree.ParseText(context + members, s_parseOptions).GetCompilationUnitRoot();
        var program = new System.Text.StringBuilder();
        foreach (string u in complete ? s_consoleUsings : s_consoleUsings.Concat(s_productUsings))
        {
            program.Append("using ").Append(u).Append(";\n");
        }
        foreach (UsingDirectiveSyntax u in snippet.Usings)
        {
            program.Append(u.ToFullString());
        }
        foreach (MemberDeclarationSyntax member in all.Members.OfType<GlobalStatementSyntax>())
        {
            program.Append(member.ToFullString()).Append('\n');
        }
        foreach (MemberDeclarationSyntax member in all.Members.Where(m => m is not GlobalStatementSyntax))
        {
            program.Append(member.ToFullString()).Append('\n');
        }
        return program.ToString();
    }

    private static bool Declares(string code, string name) =>
        Regex.IsMatch(code, $@"\b(class|interface|record|struct|enum)\s+{name}\b|\b(var|[A-Z]\w*\??|byte\[\])\s+{name}\s*=");

    private static MetadataReference[] LoadReferences()
    {
        // The runtime's own assemblies (the test host runs on the ASP.NET Core shared framework, as Glue needs), then
        // this project's: the snippets compile against what a package consumer gets.
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator).ToHashSet(StringComparer.Ordinal);
        foreach (Assembly assembly in new[] { typeof(NFX.IO.SlimWriter), typeof(NFX.Slim.SlimSerializer), typeof(NFX.Glue.GlueServer), typeof(NFX.Slim.Caching.SlimCacheCodec), typeof(NFX.Slim.Akka.SlimAkkaSerializer) }
                     .Select(t => t.Assembly))
        {
            paths.Add(assembly.Location);
        }
        return paths.Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) && IsManaged(p))
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray();
    }

    private static bool IsManaged(string path)
    {
        try
        {
            AssemblyName.GetAssemblyName(path);
            return true;
        }
        catch (BadImageFormatException)
        {
            return false;
        }
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
        throw new DirectoryNotFoundException("NFX.Slim.sln not found above " + AppContext.BaseDirectory);
    }
}
