using NFX.Perf;

namespace NFX.Tests.Perf;

public sealed class VerbTableTests
{
    private static (int Code, string Output, string Error) Run(params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        int code = Program.Run(args, output, error);
        return (code, output.ToString(), error.ToString());
    }

    [Test]
    public void Verbs_EachHasAUniqueNameAndHelpText()
    {
        Assert.That(Program.Verbs.Select(v => v.Name), Is.Unique);
        Assert.That(Program.Verbs.Where(v => string.IsNullOrWhiteSpace(v.Help)).Select(v => v.Name), Is.Empty);
        Assert.That(Program.Verbs.Where(v => v.Name.StartsWith('-')).Select(v => v.Name), Is.Empty, "a verb starting with '-' would go to BenchmarkDotNet");
    }

    [Test]
    public void Help_ListsEveryVerbWithItsHelp()
    {
        string help = Program.Help();

        foreach (Program.Verb verb in Program.Verbs)
        {
            Assert.That(help, Does.Contain($"{verb.Name} ").And.Contain(verb.Help), verb.Name);
        }
    }

    [TestCase(null)]
    [TestCase("--help")]
    [TestCase("-h")]
    public void Run_HelpOrNothing_PrintsTheTableAndSucceeds(string? arg)
    {
        (int code, string output, string error) = Run(arg is null ? [] : [arg]);

        Assert.That((code, error), Is.EqualTo((0, "")));
        Assert.That(output, Does.Contain("quick").And.Contain("Child processes"));
    }

    [Test]
    public void Run_UnknownVerb_PrintsTheHelpOnStderrAndExitsNonZero()
    {
        (int code, string output, string error) = Run("quik", "--filter", "perzon");

        Assert.That(code, Is.EqualTo(Program.UsageError));
        Assert.That(output, Is.Empty);
        Assert.That(error, Does.StartWith("Unknown verb 'quik'.").And.Contain(Program.Help()));
    }

    [TestCase("probe")]
    [TestCase("probe", "perzon", "Slim (PerCall)", "extra")]
    [TestCase("akka-node")]
    [TestCase("rpc-server", "now")]
    public void Run_ChildVerbWithTheWrongNumberOfArguments_SaysWhatItTakesAndExitsNonZero(params string[] args)
    {
        (int code, _, string error) = Run(args);

        Program.Verb verb = Program.Verbs.Single(v => v.Name == args[0]);
        Assert.That(code, Is.EqualTo(Program.UsageError));
        Assert.That(error, Does.Contain($"'{verb.Name}' takes: {verb.Name}"));
    }
}
