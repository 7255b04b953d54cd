using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using NFX.Slim.CodeGen;
using NFX.Slim.Generated;

namespace NFX.Tests.Generators;

/// <summary>
/// What a generated codec tells the runtime about its class instead of reflection reading it at the codec's first use
/// (whether it has serialization callbacks, whether its parameterless constructor runs no code): the generator's answer
/// for every class of a model of many shapes, compiled optimized and for debugging, is the answer the runtime reads from
/// the type it loaded (<see cref="SerializationCallbacks"/>, <see cref="TrivialConstructor"/>). Where the generator
/// cannot tell, it answers the runtime's safe way; those shapes are listed apart.
/// </summary>
public sealed class TypeFactsTests
{
    private const string Model = """
        using System;
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using NFX.Slim;

        [assembly: SlimSerializable(typeof(Facts.Plain))]
        [assembly: SlimSerializable(typeof(Facts.EmptyBody))]
        [assembly: SlimSerializable(typeof(Facts.BaseCall))]
        [assembly: SlimSerializable(typeof(Facts.PrivateConstructor))]
        [assembly: SlimSerializable(typeof(Facts.FieldInitializer))]
        [assembly: SlimSerializable(typeof(Facts.DefaultInitializer))]
        [assembly: SlimSerializable(typeof(Facts.PropertyInitializer))]
        [assembly: SlimSerializable(typeof(Facts.EventInitializer))]
        [assembly: SlimSerializable(typeof(Facts.StaticInitializer))]
        [assembly: SlimSerializable(typeof(Facts.StaticDefaultInitializer))]
        [assembly: SlimSerializable(typeof(Facts.StaticPropertyInitializer))]
        [assembly: SlimSerializable(typeof(Facts.StaticConstructor))]
        [assembly: SlimSerializable(typeof(Facts.DecimalConstant))]
        [assembly: SlimSerializable(typeof(Facts.IntConstant))]
        [assembly: SlimSerializable(typeof(Facts.BodyWithCode))]
        [assembly: SlimSerializable(typeof(Facts.ChainsToThis))]
        [assembly: SlimSerializable(typeof(Facts.BaseWithArgument))]
        [assembly: SlimSerializable(typeof(Facts.OverOptionalBase))]
        [assembly: SlimSerializable(typeof(Facts.OnlyWithParameters))]
        [assembly: SlimSerializable(typeof(Facts.Primary))]
        [assembly: SlimSerializable(typeof(Facts.EmptyPrimary))]
        [assembly: SlimSerializable(typeof(Facts.OverInitializedBase))]
        [assembly: SlimSerializable(typeof(Facts.OverStaticBase))]
        [assembly: SlimSerializable(typeof(Facts.OverPlainBase))]
        [assembly: SlimSerializable(typeof(Facts.OverGenericBase))]
        [assembly: SlimSerializable(typeof(Facts.Deep16))]
        [assembly: SlimSerializable(typeof(Facts.Deep17))]
        [assembly: SlimSerializable(typeof(Facts.Rec))]
        [assembly: SlimSerializable(typeof(Facts.PositionalRec))]
        [assembly: SlimSerializable(typeof(Facts.Required))]
        [assembly: SlimSerializable(typeof(Facts.PartialParts))]
        [assembly: SlimSerializable(typeof(Facts.Serializing))]
        [assembly: SlimSerializable(typeof(Facts.Serialized))]
        [assembly: SlimSerializable(typeof(Facts.Deserializing))]
        [assembly: SlimSerializable(typeof(Facts.Deserialized))]
        [assembly: SlimSerializable(typeof(Facts.PrivateCallback))]
        [assembly: SlimSerializable(typeof(Facts.OverCallbackBase))]
        [assembly: SlimSerializable(typeof(Facts.Overriding))]
        [assembly: SlimSerializable(typeof(Facts.Notified))]
        [assembly: SlimSerializable(typeof(Facts.OverNotifiedBase))]
        [assembly: SlimSerializable(typeof(Facts.NotifiedThroughInterface))]
        [assembly: SlimSerializable(typeof(Facts.ExplicitlyNotified))]
        [assembly: SlimSerializable(typeof(Facts.StreamingContextNoAttribute))]
        [assembly: SlimSerializable(typeof(Facts.StaticCallback))]

        namespace Facts;

        public class Plain { public int A; public string? B; }
        public class EmptyBody { public int A; public EmptyBody() { } }
        public class BaseCall { public int A; public BaseCall() : base() { } }
        public class PrivateConstructor { public int A; private PrivateConstructor() { } public static PrivateConstructor Make() => new(); }
        public class FieldInitializer { public int A = 1; }
        public class DefaultInitializer { public int A = 0; }
        public class PropertyInitializer { public string Name { get; set; } = ""; }
        public class EventInitializer { public int A; public event EventHandler? Changed = null; }
        public class StaticInitializer { public int A; private static readonly object s_lock = new(); }
        public class StaticDefaultInitializer { public int A; private static int s_count = 0; }
        public class StaticPropertyInitializer { public int A; public static int Count { get; set; } = 3; }
        public class StaticConstructor { public int A; static StaticConstructor() { } }
        public class DecimalConstant { public int A; public const decimal Rate = 1.5m; }
        public class IntConstant { public int A; public const int Max = 7; }
        public class BodyWithCode { public int A; public BodyWithCode() { A = 2; } }
        public class ChainsToThis { public int A; public ChainsToThis() : this(1) { } public ChainsToThis(int a) { A = a; } }
        public class Basis { public int Z; public Basis() { } public Basis(int z) { Z = z; } }
        public class BaseWithArgument : Basis { public int A; public BaseWithArgument() : base(3) { } }
        public class OptionalBasis { public int Z; public OptionalBasis(int z = 5) { Z = z; } }
        public class OverOptionalBase : OptionalBasis { public int A; }
        public class OnlyWithParameters { public int A; public OnlyWithParameters(int a) { A = a; } }
        public class Primary(int a) { public int A = a; }
        public class EmptyPrimary() { public int A; }
        public class InitializedBasis { public int Z = 4; }
        public class OverInitializedBase : InitializedBasis { public int A; }
        public class StaticBasis { public int Z; static StaticBasis() { } }
        public class OverStaticBase : StaticBasis { public int A; }
        public abstract class PlainBasis { protected int Z; }
        public class OverPlainBase : PlainBasis { public int A; }
        public class GenericBasis<T> { public T? Value; }
        public class OverGenericBase : GenericBasis<int> { public int A; }
        public class D1 { public int V1; } public class D2 : D1 { } public class D3 : D2 { } public class D4 : D3 { }
        public class D5 : D4 { } public class D6 : D5 { } public class D7 : D6 { } public class D8 : D7 { }
        public class D9 : D8 { } public class D10 : D9 { } public class D11 : D10 { } public class D12 : D11 { }
        public class D13 : D12 { } public class D14 : D13 { } public class D15 : D14 { }
        public class Deep16 : D15 { public int A; }
        public class Deep17 : Deep16 { public int B; }
        public record Rec { public int A { get; init; } public string? B { get; init; } }
        public record PositionalRec(int A, string B);
        public class Required { public required int A { get; set; } }
        public partial class PartialParts { public int A; }
        public partial class PartialParts { public int B = 2; }

        public class Serializing { public int A; [OnSerializing] private void Before(StreamingContext c) { } }
        public class Serialized { public int A; [OnSerialized] public void After(StreamingContext c) { } }
        public class Deserializing { public int A; [OnDeserializing] internal void Before(StreamingContext c) { } }
        public class Deserialized { public int A; [OnDeserialized] protected void After(StreamingContext c) { } }
        public class PrivateCallback { private int _a; [OnDeserialized] private void Fix(StreamingContext c) => _a++; }
        public class CallbackBasis { public int Z; [OnDeserialized] private void Fix(StreamingContext c) { } }
        public class OverCallbackBase : CallbackBasis { public int A; }
        public class VirtualBasis { public int Z; [OnSerializing] protected virtual void Before(StreamingContext c) { } }
        public class Overriding : VirtualBasis { public int A; protected override void Before(StreamingContext c) { } }
        public class Notified : IDeserializationCallback { public int A; public void OnDeserialization(object? sender) { } }
        public class OverNotifiedBase : Notified { public int B; }
        public interface INotified : IDeserializationCallback { }
        public class NotifiedThroughInterface : INotified { public int A; public void OnDeserialization(object? sender) { } }
        public class ExplicitlyNotified : IDeserializationCallback { public int A; void IDeserializationCallback.OnDeserialization(object? sender) { } }
        public class StreamingContextNoAttribute { public int A; public void Before(StreamingContext c) { } }
        public class StaticCallback { public int A; [OnDeserialized] private static void Fix(StreamingContext c) { } }
        """;

    // Shapes where the generator cannot tell from the syntax what the compiler emitted, and answers the safe way: an
    // attribute on a method the runtime skips (it takes no StreamingContext) means "has callbacks" (read by reflection);
    // a constructor body whose statements compile to nothing means "not trivial" (an uninitialized shell, the same object).
    private const string SafeWayModel = """
        using System;
        using System.Diagnostics;
        using System.Runtime.Serialization;
        using NFX.Slim;

        [assembly: SlimSerializable(typeof(Unsure.WrongParameters))]
        [assembly: SlimSerializable(typeof(Unsure.ConditionalCall))]
        [assembly: SlimSerializable(typeof(Unsure.EmptyStatement))]

        namespace Unsure;

        public class WrongParameters { public int A; [OnDeserialized] private void Fix() { } }
        public class ConditionalCall { public int A; public ConditionalCall() { Trace(); } [Conditional("NEVER_DEFINED")] private static void Trace() { } }
        public class EmptyStatement { public int A; public EmptyStatement() { ; } }
        """;

    private static Assembly Build(string source, string name, OptimizationLevel optimization)
    {
        CSharpCompilation compilation = GeneratorHarness.Compile(source, name);
        compilation = compilation.WithOptions(compilation.Options.WithOptimizationLevel(optimization));
        GeneratorHarness.Driver().RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out var diagnostics);
        Assert.That(diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning), Is.Empty);
        Assembly assembly = GeneratorHarness.Load(output);
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        return assembly;
    }

    private static IEnumerable<(Type Type, SlimGeneratedCodec Codec)> Codecs(Assembly assembly, string ns)
    {
        foreach (Type type in assembly.GetTypes().Where(t => t.Namespace == ns && t.IsClass && !t.IsAbstract))
        {
            if (SlimGeneratedCodecs.TryGet(type, out SlimGeneratedCodec? codec))
            {
                yield return (type, codec);
            }
        }
    }

    [TestCase(OptimizationLevel.Release)]
    [TestCase(OptimizationLevel.Debug)]
    public void GeneratedFacts_EveryShape_AreWhatTheRuntimeReads(OptimizationLevel optimization)
    {
        Assembly model = Build(Model, "Facts" + optimization, optimization);
        var codecs = Codecs(model, "Facts").ToList();
        Assert.That(codecs, Has.Count.GreaterThanOrEqualTo(44), "every class named gets a codec");
        Assert.Multiple(() =>
        {
            foreach ((Type type, SlimGeneratedCodec codec) in codecs)
            {
                Assert.That(codec.FactsKnown, Is.True, type.Name);
                Assert.That(codec.HasCallbacks, Is.EqualTo(SerializationCallbacks.For(type) is not null), type.Name + ": callbacks");
                if (codec.HasTrivialConstructor is { } trivial)
                {
                    Assert.That(trivial, Is.EqualTo(TrivialConstructor.Find(type) is not null), type.Name + ": trivial constructor");
                }
            }
        });
        // The model holds both answers of each (the test could fail either way).
        Assert.That(codecs.Count(c => c.Codec.HasCallbacks), Is.GreaterThanOrEqualTo(11));
        Assert.That(codecs.Count(c => c.Codec.HasTrivialConstructor == true), Is.GreaterThanOrEqualTo(10));
        Assert.That(codecs.Count(c => c.Codec.HasTrivialConstructor == false), Is.GreaterThanOrEqualTo(15));
        // Initializers to default values: the compiler leaves the instance ones out of an optimized build, the static ones
        // out of every build. The generator leaves the answer to the constructor's IL.
        string[] left = [.. codecs.Where(c => c.Codec.HasTrivialConstructor is null).Select(c => c.Type.Name).Order(StringComparer.Ordinal)];
        Assert.That(left, Is.EqualTo(new[] { "DefaultInitializer", "EventInitializer", "StaticDefaultInitializer" }));
    }

    [TestCase(OptimizationLevel.Release)]
    [TestCase(OptimizationLevel.Debug)]
    public void GeneratedFacts_WhereTheGeneratorCannotTell_AnswerTheSafeWay(OptimizationLevel optimization)
    {
        Assembly model = Build(SafeWayModel, "Unsure" + optimization, optimization);
        var codecs = Codecs(model, "Unsure").ToDictionary(c => c.Type.Name, c => c.Codec);
        Assert.That(codecs, Has.Count.EqualTo(3));
        Assert.Multiple(() =>
        {
            Type wrong = model.GetType("Unsure.WrongParameters", throwOnError: true)!;
            Assert.That(SerializationCallbacks.For(wrong), Is.Null, "the runtime skips a callback without a StreamingContext");
            Assert.That(codecs["WrongParameters"].HasCallbacks, Is.True, "read by reflection");
            foreach (string name in new[] { "ConditionalCall", "EmptyStatement" })
            {
                Assert.That(codecs[name].HasTrivialConstructor, Is.False, name + ": allocated uninitialized");
            }
        });
    }

    [Test]
    public void GeneratedFacts_Model_AllocatesTheSameObjectsAndRunsTheSameCallbacks()
    {
        Assembly model = Build(Model, "FactsRoundTrip", OptimizationLevel.Release);
        var options = NFX.Slim.SlimOptions.Default with { TypePolicy = NFX.Slim.SlimTypePolicy.Default.AllowAssembly(model) };
        var generated = new NFX.Slim.SlimSerializer(options);
        var runtime = new NFX.Slim.SlimSerializer(options with { UseGeneratedCodecs = false });
        foreach ((Type type, _) in Codecs(model, "Facts"))
        {
            object value = System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject(type);
            byte[] bytes = runtime.Serialize(value);
            Assert.That(Convert.ToHexString(generated.Serialize(value)), Is.EqualTo(Convert.ToHexString(bytes)), type.Name);
            NFX.Tests.Slim.Support.GraphAssert.AreEquivalent(runtime.Deserialize(bytes), generated.Deserialize(bytes));
            NFX.Tests.Slim.Support.GraphAssert.AreEquivalent(runtime.DeepClone(value), generated.DeepClone(value));
        }
    }
}
