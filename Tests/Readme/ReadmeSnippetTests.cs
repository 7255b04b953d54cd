using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace NFX.Tests.Readme;

/// <summary>
/// Every C# snippet of README.md, docs/GLUE.md and the package readmes (docs/packages/*.md) compiles against the
/// libraries as built, so a renamed member or a changed signature fails here instead of in a newcomer's first program.
/// Each block is compiled alone as a console program with top-level statements. A block with using directives is a
/// program as pasted into <c>dotnet new console</c>: it gets only its usings and the ones a new console app has (a
/// missing using fails) and keeps its order (a type before the statements fails, CS8803). A block without usings is
/// a fragment: it also gets the product's namespaces and its types are moved after its statements. Either gets the few
/// names it uses without declaring them (an <c>order</c>, an <c>Order</c>) from the context of its file.
/// </summary>
public sealed class ReadmeSnippetTests
{
    // What `dotnet new console` imports implicitly.
    private static readonly string[] s_consoleUsings =
        ["System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks"];

    private static readonly string[] s_productUsings =
    [
        "System.Net", "Microsoft.Extensions.DependencyInjection", "Microsoft.Extensions.Caching.Distributed",
        "Microsoft.Extensions.Caching.Hybrid", "Microsoft.Extensions.Hosting", "System.Runtime.CompilerServices", "System.Text",
        "NFX.IO", "NFX.Slim", "NFX.Glue", "NFX.Slim.Caching",
    ];

    /// <summary>Names README fragments use as if the reader had them: declared only when a fragment uses and lacks them.</summary>
    private static readonly (string Name, string Declaration)[] s_context =
    [
        ("Order", "public sealed class Order { public int Id; public List<string> Lines = new(); }"),
        ("Customer", "public sealed class Customer { public string Name = \"\"; }"),
        ("Item", "public sealed class Item { public string Sku = \"\"; }"),
        ("order", "Order order = new Order();"),
        ("bytes", "byte[] bytes = [];"),
        ("services", "IServiceCollection services = new ServiceCollection();"),
        ("cache", "HybridCache cache = new ServiceCollection().AddHybridCache().Services.BuildServiceProvider().GetRequiredService<HybridCache>();"),
        ("redis", "IDistributedCache redis = new ServiceCollection().AddDistributedMemoryCache().BuildServiceProvider().GetRequiredService<IDistributedCache>();"),
        ("id", "int id = 42;"),
        ("LoadOrderAsync", "static ValueTask<Order> LoadOrderAsync(int id, CancellationToken ct) => ValueTask.FromResult(new Order { Id = id });"),
    ];

    /// <summary>What docs/GLUE.md's fragments share: its IInventory contract (larger than the README's), a service, the names its prose gives.</summary>
    private static readonly (string Name, string Declaration)[] s_glueContext =
    [
        ("IInventory", """
            [Glued] public interface IInventory
            {
                Task<Item?> Find(string sku);
                Task<List<Item>> All();
                ValueTask<int> Reserve(string sku, int quantity, CancellationToken ct);
                [OneWay] void Log(string message);
                IAsyncEnumerable<Item> Scan(string prefix, CancellationToken ct);
                Task<int> Import(IAsyncEnumerable<Item> items);
            }
            """),
        ("InventoryService", """
            public sealed class InventoryService : IInventory
            {
                public Task<Item?> Find(string sku) => Task.FromResult<Item?>(null);
                public Task<List<Item>> All() => Task.FromResult(new List<Item>());
                public ValueTask<int> Reserve(string sku, int quantity, CancellationToken ct) => ValueTask.FromResult(quantity);
                public void Log(string message) { }
                public async IAsyncEnumerable<Item> Scan(string prefix, [EnumeratorCancellation] CancellationToken ct) { await Task.Yield(); yield break; }
                public Task<int> Import(IAsyncEnumerable<Item> items) => Task.FromResult(0);
            }
            """),
        ("IAudit", "[Glued] public interface IAudit { Task Record(string what); }"),
        ("AuditService", "public sealed class AuditService : IAudit { public Task Record(string what) => Task.CompletedTask; }"),
        ("builder", "var builder = Host.CreateApplicationBuilder();"),
        ("node1", "IPAddress node1 = IPAddress.Loopback;"),
        ("node2", "IPAddress node2 = IPAddress.Loopback;"),
        ("requestAborted", "CancellationToken requestAborted = default;"),
        ("orders", "IOrders orders = null!;\npublic interface IOrders { Task<Order> GetAsync(int id); }"),
        ("inventory", "IInventory inventory = null!;"),
        ("db", "IItemStore db = null!;\npublic interface IItemStore { IAsyncEnumerable<Item> QueryAsync(string prefix, CancellationToken ct); }"),
        ("path", "string path = \"items.txt\";"),
        ("ReadFileAsync", "static async IAsyncEnumerable<Item> ReadFileAsync(string path) { await Task.Yield(); yield break; }"),
        ("serverCertificate", "System.Security.Cryptography.X509Certificates.X509Certificate2 serverCertificate = null!;"),
        ("clientCertificate", "System.Security.Cryptography.X509Certificates.X509Certificate2 clientCertificate = null!;"),
        ("trustedClientThumbprint", "string trustedClientThumbprint = \"\";"),
        ("endPoint", "EndPoint endPoint = new IPEndPoint(IPAddress.Loopback, 5005);"),
        ("OrderDesk", "public sealed class OrderDesk(IInventory inventory) { public IInventory Inventory => inventory; }"),
    ];

    private static (string Name, string Declaration)[] ContextOf(string file) =>
        file.EndsWith("GLUE.md", StringComparison.Ordinal) ? [.. s_glueContext, .. s_context] : s_context;

    private static readonly Lazy<MetadataReference[]> s_references = new(LoadReferences);

    public static IEnumerable<TestCaseData> Snippets()
    {
        string root = RepositoryRoot();
        var files = new List<string> { Path.Combine(root, "README.md"), Path.Combine(root, "docs", "GLUE.md") };
        files.AddRange(Directory.GetFiles(Path.Combine(root, "docs", "packages"), "*.md").Order(StringComparer.Ordinal));
        foreach (string file in files)
        {
            string relative = Path.GetRelativePath(root, file);
            int index = 0;
            // A fence may be indented (a block inside a list item): its lines lose that indent.
            foreach (Match block in Regex.Matches(File.ReadAllText(file), @"^([ \t]*)```csharp[ \t]*\r?\n(.*?)^[ \t]*```", RegexOptions.Multiline | RegexOptions.Singleline))
            {
                index++;
                string indent = block.Groups[1].Value;
                string code = indent.Length == 0 ? block.Groups[2].Value : Regex.Replace(block.Groups[2].Value, $"^{indent}", "", RegexOptions.Multiline);
                yield return new TestCaseData(relative, index, code).SetName($"Snippet_{relative.Replace('/', '_')}_{index}_Compiles");
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
        string program = Compose(code, ContextOf(file));
        CSharpCompilation compilation = Compile(program, $"Snippet{index}");
        Assert.That(Errors(compilation), Is.Empty, $"{file}, C# block {index}, compiled as:\n{program}");
    }

    [Test]
    public void DistributedCacheByteArrayCalls_WithSlimCachingUsing_CompileAndBindToMicrosofts()
    {
        const string code = """
            using Microsoft.Extensions.Caching.Distributed;
            using Microsoft.Extensions.DependencyInjection;
            using NFX.Slim.Caching;

            IDistributedCache cache = new ServiceCollection().AddDistributedMemoryCache().BuildServiceProvider().GetRequiredService<IDistributedCache>();
            await cache.SetAsync("k", new byte[] { 1 });
            await cache.SetAsync("k", new byte[] { 1 }, new DistributedCacheEntryOptions());
            byte[]? raw = await cache.GetAsync("k");
            await cache.SetSlimAsync("t", new List<int> { 1 });
            List<int>? typed = await cache.GetSlimAsync<List<int>>("t");
            """;
        string program = Compose(code, s_context);
        CSharpCompilation compilation = Compile(program, "CacheOverloads");

        Assert.That(Errors(compilation), Is.Empty, program);
        SyntaxTree tree = compilation.SyntaxTrees[0];
        SemanticModel model = compilation.GetSemanticModel(tree);
        string[] bound = tree.GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>()
            .Where(i => i.Expression is MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.Text: "cache" } })
            .Select(i => model.GetSymbolInfo(i).Symbol!)
            .Select(m => $"{m.ContainingType.Name}.{m.Name}")
            .ToArray();
        Assert.That(bound, Is.EqualTo(new[]
        {
            "DistributedCacheExtensions.SetAsync", "IDistributedCache.SetAsync", "IDistributedCache.GetAsync",
            "SlimDistributedCacheExtensions.SetSlimAsync", "SlimDistributedCacheExtensions.GetSlimAsync",
        }));
    }

    private static CSharpCompilation Compile(string program, string name)
    {
        SyntaxTree tree = CSharpSyntaxTree.ParseText(program, s_parseOptions);
        // A block of declarations only (no statements) is a library, not a program.
        OutputKind kind = tree.GetCompilationUnitRoot().Members.Any(m => m is GlobalStatementSyntax)
            ? OutputKind.ConsoleApplication
            : OutputKind.DynamicallyLinkedLibrary;
        return CSharpCompilation.Create(name, [tree], s_references.Value, new CSharpCompilationOptions(kind, nullableContextOptions: NullableContextOptions.Enable));
    }

    private static string[] Errors(CSharpCompilation compilation) =>
        compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(d => d.ToString()).ToArray();

    private static readonly CSharpParseOptions s_parseOptions = new(LanguageVersion.Latest);

    /// <summary>
    /// The program a block is compiled as: usings, then the context it lacks, then the block. A fragment (no usings)
    /// has its types moved after its statements, a snippet may show a type first; a program (with usings) keeps its
    /// order, as the compiler would see it pasted.
    /// </summary>
    private static string Compose(string code, (string Name, string Declaration)[] contextNames)
    {
        CompilationUnitSyntax snippet = CSharpSyntaxTree.ParseText(code, s_parseOptions).GetCompilationUnitRoot();
        bool complete = snippet.Usings.Count > 0;
        // Names the code uses (identifiers, not words in comments), and those the declarations it gets use in turn.
        HashSet<string> used = IdentifiersOf(code);
        var chosen = new HashSet<string>(StringComparer.Ordinal);
        for (bool grew = true; grew;)
        {
            grew = false;
            foreach ((string name, string declaration) in contextNames)
            {
                if (used.Contains(name) && !Declares(code, name) && chosen.Add(name))
                {
                    used.UnionWith(IdentifiersOf(declaration));
                    grew = true;
                }
            }
        }
        var context = new System.Text.StringBuilder();
        foreach ((string name, string declaration) in contextNames.Where(c => chosen.Contains(c.Name)))
        {
            context.Append(declaration).Append('\n');
        }
        CompilationUnitSyntax given = CSharpSyntaxTree.ParseText(context.ToString(), s_parseOptions).GetCompilationUnitRoot();
        var program = new System.Text.StringBuilder();
        foreach (string u in complete ? s_consoleUsings : s_consoleUsings.Concat(s_productUsings))
        {
            program.Append("using ").Append(u).Append(";\n");
        }
        foreach (UsingDirectiveSyntax u in snippet.Usings)
        {
            program.Append(u.ToFullString());
        }
        IEnumerable<MemberDeclarationSyntax> statements = given.Members.OfType<GlobalStatementSyntax>();
        IEnumerable<MemberDeclarationSyntax> types = given.Members.Where(m => m is not GlobalStatementSyntax);
        IEnumerable<MemberDeclarationSyntax> ordered = complete
            ? [.. statements, .. snippet.Members, .. types]
            : [.. statements, .. snippet.Members.OfType<GlobalStatementSyntax>(), .. types, .. snippet.Members.Where(m => m is not GlobalStatementSyntax)];
        foreach (MemberDeclarationSyntax member in ordered)
        {
            program.Append(member.ToFullString()).Append('\n');
        }
        return program.ToString();
    }

    private static HashSet<string> IdentifiersOf(string code) =>
        CSharpSyntaxTree.ParseText(code, s_parseOptions).GetRoot().DescendantTokens()
            .Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText).ToHashSet(StringComparer.Ordinal);

    private static bool Declares(string code, string name) =>
        Regex.IsMatch(code, $@"\b(class|interface|record|struct|enum)\s+{name}\b|\b(var|[A-Z]\w*\??|byte\[\])\s+{name}\s*=");

    private static MetadataReference[] LoadReferences()
    {
        // The runtime's own assemblies and this test project's packages (the host's trusted list), then the libraries
        // as built: the snippets compile against what a package consumer gets.
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator).ToHashSet(StringComparer.Ordinal);
        foreach (Assembly assembly in new[] { typeof(NFX.IO.SlimWriter), typeof(NFX.Slim.SlimSerializer), typeof(NFX.Glue.GlueServer), typeof(NFX.Slim.Caching.SlimCacheCodec), typeof(NFX.Slim.Akka.SlimAkkaSerializer),
                     typeof(NFX.Slim.Orleans.SlimCodec) }
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
